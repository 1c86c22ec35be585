/**
 * The hCaptcha verifier stand-in, as its own process for the end-to-end run: the production
 * server reaches it through HCAPTCHA_VERIFY_URL on 127.0.0.1.
 */
import { startCaptchaStandIn, testSecret } from '#test/contact/captcha-stand-in.ts'

const verifier = await startCaptchaStandIn(testSecret, Number(process.env.CAPTCHA_VERIFIER_PORT))
process.on('SIGTERM', () => void verifier.close().then(() => process.exit(0)))

// Stands in for hCaptcha's api.js, which no machine here can reach. It renders a button that
// "solves" the captcha with a fresh token in hCaptcha's published test format; the verifier
// stand-in (test/contact/captcha-stand-in.ts) accepts each such token once. Set window.__captchaMode = 'fail'
// to hand out a token the verifier refuses.
;(() => {
  const widgets = new Map()
  let nextId = 0
  const token = () =>
    (window.__captchaMode === 'fail' ? '20000000-dead-beef-cccc-' : '10000000-aaaa-bbbb-cccc-') +
    String(Math.floor(Math.random() * 1e12)).padStart(12, '0')
  window.hcaptcha = {
    render(container, params) {
      const id = `stand-in-${nextId++}`
      const element = typeof container === 'string' ? document.getElementById(container) : container
      const button = document.createElement('button')
      button.type = 'button'
      button.textContent = 'I am human'
      button.setAttribute('data-captcha-stand-in', '')
      const widget = { params, response: '', button }
      button.addEventListener('click', () => {
        widget.response = token()
        button.textContent = 'Verified'
        params.callback?.(widget.response)
      })
      element.appendChild(button)
      widgets.set(id, widget)
      return id
    },
    reset(id) {
      const widget = widgets.get(id)
      if (!widget) return
      widget.response = ''
      widget.button.textContent = 'I am human'
    },
    remove(id) {
      widgets.get(id)?.button.remove()
      widgets.delete(id)
    },
    getResponse: (id) => widgets.get(id)?.response ?? '',
    getRespKey: () => '',
    execute: () => Promise.resolve({ response: '', key: '' }),
    setData: () => {},
    close: () => {},
  }
  const onload = new URL(document.currentScript.src).searchParams.get('onload')
  if (onload && typeof window[onload] === 'function') window[onload]()
})()

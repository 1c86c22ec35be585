import { company, formatAddress } from '#app.config.ts'
import type { PrivacyContent } from './schemas/privacy.schema'

export const privacyContent: PrivacyContent = {
  seo: {
    title: 'Privacy Policy',
    description: `How ${company.name} collects, uses, stores and protects the information you send through this website, and your rights under PIPEDA.`,
  },
  title: 'Privacy Policy',
  lastUpdated: 'May 8, 2025',
  lastUpdatedIso: '2025-05-08',
  intro: `This policy explains what personal information ${company.name} collects through this website, why we collect it, how we protect it and the choices you have. It applies to this website and to the enquiries you send us through it.`,
  sections: [
    {
      id: 'who-we-are',
      heading: 'Who We Are',
      blocks: [
        `This website is operated by ${company.legalName}, a renovation company based at ${formatAddress()}. We are responsible for the personal information collected through this site, and you can reach us about it using the contact details at the end of this policy.`,
        'We handle personal information in line with the Personal Information Protection and Electronic Documents Act (PIPEDA), the federal privacy law that applies to private-sector businesses in Ontario.',
      ],
    },
    {
      id: 'what-we-collect',
      heading: 'What Our Contact Form Collects and Why',
      blocks: [
        'You can browse this website without telling us who you are. We only collect personal information when you choose to send us a message through the contact form, which asks for:',
        [
          'Your name, so we know who we are speaking with',
          'Your email address and phone number, so we can reply in the way that suits you',
          'The service you are interested in, if you choose one, so the right person follows up',
          'Your message, describing your project or question',
        ],
        'We use this information only to answer your enquiry, arrange a consultation or estimate if you ask for one, and keep a record of our conversation. We do not add you to a mailing list or send you marketing.',
        'Like most websites, our servers also record basic technical information when a page is requested, such as your IP address, browser type and the time of the request. We use it only to keep the site running, secure and free of abuse.',
      ],
    },
    {
      id: 'captcha',
      heading: 'Spam Protection with hCaptcha',
      blocks: [
        'To keep automated spam out of our inbox, the contact form uses hCaptcha, a service provided by Intuition Machines, Inc. When you complete the captcha, hCaptcha processes information such as your IP address, browser and device details and how you interact with the widget, to tell people from bots.',
        'The widget loads only on the contact page, and all we receive from it is a pass or fail result. hCaptcha processes this data under its own privacy policy and terms, published at hcaptcha.com, and may do so outside Canada.',
      ],
    },
    {
      id: 'how-messages-are-stored',
      heading: 'How Your Message Is Stored',
      blocks: [
        "When you send the form, your message is saved in our database so that it is not lost if an email goes astray, and a notification email with the details of your message is sent to our team's inbox so we can reply.",
        'Only the staff who answer enquiries and arrange consultations can see stored messages. Our database and email run with service providers that may store data on servers outside Canada, where it may be subject to the laws of those countries.',
      ],
    },
    {
      id: 'retention',
      heading: 'How Long We Keep It',
      blocks: [
        'We keep contact form messages for 24 months after our last contact with you, so we can pick up the conversation if you come back to your project. After that, the message and its notification email are deleted.',
        'If you become a client, your information becomes part of your project records, which we keep for as long as we need them for your warranty and as Canadian tax law requires, generally six years.',
        'You can ask us to delete your message sooner at any time.',
      ],
    },
    {
      id: 'sharing',
      heading: 'Who We Share It With',
      blocks: [
        'We do not sell, rent or trade your personal information, and we never share it with anyone for their own marketing. We share it only with the service providers that help us run this website and answer you, and only as much as they need:',
        [
          'Our website hosting and database providers, which store the site and the messages you send',
          'Our email provider, which delivers the notification of your message to our team',
          'hCaptcha, which checks that the form is being sent by a person',
        ],
        'These providers may use the information only to provide their service to us. We may also disclose information where the law requires it, such as in response to a valid court order.',
      ],
    },
    {
      id: 'cookies-and-analytics',
      heading: 'Cookies and Analytics',
      blocks: [
        'This website does not use advertising or tracking cookies, and we do not run analytics that follow you from page to page or across other sites. No third party measures your visit.',
        'To learn which pages work well and which bring enquiries, your browser sends our own server a short report when you leave a page or switch away from it. Each report records only:',
        [
          'The kind of page it was, such as "a service page", never its full address or anything you typed',
          "How quickly the page loaded and responded to you (Google's Core Web Vitals), and which button or link was slow to respond, if one was",
          'Whether your screen was phone, tablet or desktop sized, and the connection speed your browser reports, such as "4g"',
          'Whether you opened the page directly or from another page of this site, and whether you tapped before it had finished loading',
          'How many times you tapped our phone number or email address on that page',
        ],
        "If part of a page fails in your browser because of a fault in our code, your browser also sends a report of the kind of page and the error's technical message, so we can fix it; any web address in the message is cut to its page, and anything that looks like an email address or a phone number is removed. A report holds no name, no IP address, no cookie and no identifier, so reports cannot be linked to each other or to you. We keep them for 13 months, then delete them.",
        "When you send the contact form, we also record the kind of page that led you to it and, if another website sent you to us, that website's name (such as google.com), so we know where enquiries come from. To know that page, your browser keeps the kind of page you last left in this tab only, until the form reads it or you close the tab. We keep this with your message for 13 months, then remove it.",
        'If your browser sends a Global Privacy Control or Do Not Track signal, none of this is recorded.',
        'The hCaptcha widget on the contact page may set its own cookies or use similar browser storage to tell people from bots. The maps on our contact and service areas pages load only when you choose to show them; the map provider then receives your request and may set cookies under its own privacy policy.',
        'You can block or delete cookies in your browser settings, although the captcha may not work if you block them entirely.',
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your Rights Under PIPEDA',
      blocks: [
        'Under the Personal Information Protection and Electronic Documents Act, you have the right to:',
        [
          'Ask whether we hold personal information about you, and get a copy of it',
          'Ask us to correct information that is inaccurate or incomplete',
          'Withdraw your consent to our use of your information, subject to legal or contractual limits, and ask us to delete it',
          'Ask how your information has been used and who it has been shared with',
          'Complain to us, and to the Office of the Privacy Commissioner of Canada if you are not satisfied with our answer',
        ],
        'To make a request, contact us using the details below. We may ask you to confirm your identity, and we will respond within 30 days, as PIPEDA requires. You can reach the Office of the Privacy Commissioner of Canada at priv.gc.ca or 1-800-282-1376.',
      ],
    },
    {
      id: 'security',
      heading: 'How We Protect Your Information',
      blocks: [
        'This website is served over an encrypted HTTPS connection, so the details you type into the contact form are protected on their way to us.',
        'Stored messages are kept in a database that is not publicly accessible, and access is limited to the people who need it to answer enquiries.',
        'No website or system can be guaranteed completely secure. If a breach involving your personal information creates a real risk of significant harm, we will notify you and the Office of the Privacy Commissioner of Canada, as the law requires.',
      ],
    },
    {
      id: 'contact-and-changes',
      heading: 'Contact Us and Changes to This Policy',
      blocks: [
        'If you have a question about this policy or want to make a privacy request, contact us:',
        [
          `By email: ${company.email}`,
          `By phone: ${company.phone.display}`,
          `By mail: ${company.legalName}, ${formatAddress()}`,
        ],
        'We may update this policy when our website or our practices change. The date at the top of this page shows when it was last updated, and if we make a significant change to how we use personal information, we will say so clearly here.',
      ],
    },
  ],
}

/**
 * The words on the quote action. Three are fixed by the product description: the heroes' and
 * closing bands' 'Get Your Free Quote', /services' 'Request a Consultation' and the contact
 * form's 'Submit Form'. Every other quote control (the header's, the phone's bar) says the one
 * short label, so a visitor meets one name for one action.
 */
export const quoteLabels = {
  full: 'Get Your Free Quote',
  services: 'Request a Consultation',
  submit: 'Submit Form',
  short: 'Free Quote',
} as const

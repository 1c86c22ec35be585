import 'react'

// The Invoker Commands attributes (a button that opens or closes a dialog without script) are
// not in React's types yet; React passes lowercase attributes through as written.
declare module 'react' {
  interface ButtonHTMLAttributes<T> {
    commandfor?: string
    command?: 'show-modal' | 'close' | 'request-close' | 'toggle-popover'
  }
  interface DialogHTMLAttributes<T> {
    closedby?: 'any' | 'closerequest' | 'none'
  }
}

type FormControl = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

/** Field values visitors changed in server-rendered forms, by form id, then by field name. */
const typedByForm = new Map<string, Map<string, string>>()
/** Forms whose values have been handed over: React owns them from then on. */
const handedOver = new Set<string>()

const textInputTypes = /^(text|email|tel|url|search)$/

function initialValue(control: FormControl) {
  if (!(control instanceof HTMLSelectElement)) return control.defaultValue
  const options = [...control.options]
  return (options.find((option) => option.defaultSelected) ?? options[0])?.value ?? ''
}

function remember(control: EventTarget | null) {
  const isControl =
    control instanceof HTMLTextAreaElement ||
    control instanceof HTMLSelectElement ||
    (control instanceof HTMLInputElement && textInputTypes.test(control.type))
  if (!isControl || !control.name) return
  const formId = control.form?.id
  if (!formId || handedOver.has(formId)) return
  const typed = typedByForm.get(formId) ?? new Map<string, string>()
  if (control.value === initialValue(control)) typed.delete(control.name)
  else typed.set(control.name, control.value)
  typedByForm.set(formId, typed)
}

/**
 * Remembers what visitors have typed or chosen in the page's forms, and keeps remembering until
 * each form takes its values: React resets controlled fields to their rendered values around
 * hydration, and the app can take a moment to load. Call it right before hydrating.
 */
export function rememberTypedFields(doc: Document = document) {
  for (const control of doc.querySelectorAll('form[id] [name]')) remember(control)
  for (const type of ['input', 'change']) {
    doc.addEventListener(type, (event) => remember(event.target), { capture: true })
  }
}

/** What was typed into the form with this id before it was hydrated, handed over once. */
export function takeTypedFields(formId: string): ReadonlyMap<string, string> {
  handedOver.add(formId)
  const typed = typedByForm.get(formId) ?? new Map<string, string>()
  typedByForm.delete(formId)
  return typed
}

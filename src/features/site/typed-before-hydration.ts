type FormControl = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

/** Field values visitors changed in server-rendered forms, by form id, then by field name. */
const typedByForm = new Map<string, Map<string, string>>()

function initialValue(control: FormControl) {
  if (!(control instanceof HTMLSelectElement)) return control.defaultValue
  const options = [...control.options]
  return (options.find((option) => option.defaultSelected) ?? options[0])?.value ?? ''
}

/**
 * Remembers what visitors typed or chose in the page's forms before the app took over: React
 * resets controlled fields to their rendered values when it hydrates. Call it right before.
 */
export function rememberTypedFields(doc: Document = document) {
  for (const control of doc.querySelectorAll<FormControl>(
    'form[id] input[name], form[id] textarea[name], form[id] select[name]',
  )) {
    if (control instanceof HTMLInputElement && !/^(text|email|tel|url|search)$/.test(control.type))
      continue
    const formId = control.form?.id
    if (!formId || control.value === initialValue(control)) continue
    const typed = typedByForm.get(formId) ?? new Map<string, string>()
    typed.set(control.name, control.value)
    typedByForm.set(formId, typed)
  }
}

/** What was typed into the form with this id before hydration, handed over once. */
export function takeTypedFields(formId: string): ReadonlyMap<string, string> {
  const typed = typedByForm.get(formId) ?? new Map<string, string>()
  typedByForm.delete(formId)
  return typed
}

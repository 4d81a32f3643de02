/**
 * Stripe's request bodies are form-encoded with bracketed keys (`card[number]=…`,
 * `metadata[kollab_payment_id]=…`, `payment_method_types[0]=card`); this reads them into objects.
 */
export type FormValue = string | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

export function parseStripeForm(body: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value;
        return;
      }
      const next = node[part];
      if (typeof next !== 'object') node[part] = {};
      node = node[part] as FormObject;
    });
  }
  return root;
}

export function text(form: FormObject, key: string): string | undefined {
  const value = form[key];
  return typeof value === 'string' ? value : undefined;
}

export function object(form: FormObject, key: string): FormObject {
  const value = form[key];
  return typeof value === 'object' ? value : {};
}

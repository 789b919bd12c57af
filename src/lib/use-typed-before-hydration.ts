import { useLayoutEffect, useRef, type RefObject } from 'react';

// Pages hydrate after they have painted (server/src/pages/defer-hydration.ts): until React runs, a
// visitor, or the browser's autofill, can type into a form, and a submit is held and sent again
// once React is there. React keeps what the fields hold while it hydrates, but the state it renders
// them from is still the first render's, so its next render would blank them and the held submit
// would send nothing. Once, on mount and before the browser paints again, this hands `take` each
// field of the form (by its name) whose value is not what the page was rendered with: a text
// field's value against its `defaultValue`, a checked radio or box against `defaultChecked`, a
// select's option against `defaultSelected`. A form the browser rendered itself still holds what
// it was rendered with, so nothing is taken.
export function useTypedBeforeHydration(
  form: RefObject<HTMLFormElement | null>,
  take: (name: string, value: string) => void,
) {
  // The first render's callback: the effect runs once, whatever re-renders later.
  const first = useRef(take);
  useLayoutEffect(() => {
    for (const [name, value] of typedFields(form.current)) first.current(name, value);
  }, [form]);
}

// A `take` for a form whose fields each have their own state: the setter named as the field is
// handed its value; a field without one is left as it is.
export const intoFields =
  (setters: Record<string, (value: string) => void>) =>
  (name: string, value: string): void => {
    if (Object.hasOwn(setters, name)) setters[name]!(value);
  };

export function typedFields(form: HTMLFormElement | null): [string, string][] {
  if (!form) return [];
  const typed: [string, string][] = [];
  for (const field of Array.from(form.elements)) {
    if (field instanceof HTMLInputElement && field.name) {
      if (field.type === 'radio' || field.type === 'checkbox') {
        if (field.checked && !field.defaultChecked) typed.push([field.name, field.value]);
      } else if (field.type !== 'file' && field.value !== field.defaultValue) {
        typed.push([field.name, field.value]);
      }
    } else if (field instanceof HTMLTextAreaElement && field.name) {
      if (field.value !== field.defaultValue) typed.push([field.name, field.value]);
    } else if (field instanceof HTMLSelectElement && field.name) {
      const option = field.options[field.selectedIndex];
      // The `selected` attribute is what defaultSelected reflects (jsdom lacks the property). A
      // form the browser rendered may have none: its value is then the state's, and taking it
      // changes nothing.
      if (option && !option.hasAttribute('selected')) typed.push([field.name, option.value]);
    }
  }
  return typed;
}

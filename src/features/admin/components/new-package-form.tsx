import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { InputField, TextAreaField, WholeNumberField } from '~/components/field';
import { catalogueLimits, packageIdPattern, type AdminPackage } from '#contracts/catalogue';
import { createPackage } from '~/features/admin/api/catalogue-api';
import { ApiError } from '~/lib/api-client';
import { slugOf } from '~/features/admin/utils/slug';

type Field = 'id' | 'name' | 'description' | 'price';
const order: Field[] = ['name', 'id', 'description', 'price'];

// A new package starts as a draft with the four fields the public list needs; the rest is filled
// in on its own page. The server's words show beside the fields; what was typed stays on failure.
export function NewPackageForm({ onCreated }: { onCreated: (pkg: AdminPackage) => void }) {
  const [values, setValues] = useState<Record<Field, string>>({
    id: '',
    name: '',
    description: '',
    price: '',
  });
  const [idTyped, setIdTyped] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const uid = useId();
  const ids: Record<Field, string> = {
    id: `${uid}-id`,
    name: `${uid}-name`,
    description: `${uid}-description`,
    price: `${uid}-price`,
  };
  const slug = idTyped ? values.id : slugOf(values.name, catalogueLimits.idMax);

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (field === 'id') setIdTyped(true);
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  // A field's wiring follows from its name: its id, what was typed, the change and the server's words.
  const fieldFor = (field: Field) => ({
    id: ids[field],
    name: field,
    value: values[field],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(field)(e.target.value),
    error: errors[field],
  });

  const focusFirst = (found: Partial<Record<Field, string>>) => {
    const first = order.find((f) => found[f]);
    if (first) document.getElementById(ids[first])?.focus();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFormError('');
    const missing: Partial<Record<Field, string>> = {};
    if (values.name.trim() === '') missing.name = 'Enter a name.';
    if (slug === '') missing.id = 'Enter an id: the last part of the package’s address.';
    else if (!packageIdPattern.test(slug))
      missing.id = 'The id may use only lower-case letters, digits and single hyphens between them.';
    if (values.description.trim() === '') missing.description = 'Enter a description.';
    if (values.price.trim() === '') missing.price = 'Enter the price per person.';
    if (Object.keys(missing).length > 0) {
      setErrors(missing);
      focusFirst(missing);
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const created = await createPackage({
        id: slug,
        name: values.name,
        description: values.description,
        price: Number(values.price),
      });
      onCreated(created);
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
      const next: Partial<Record<Field, string>> = {};
      for (const f of order) if (fieldErrors[f]) next[f] = fieldErrors[f];
      // A taken id (409) is about the id field.
      if (error instanceof ApiError && error.status === 409 && !next.id) next.id = error.message;
      setErrors(next);
      if (Object.keys(next).length > 0) focusFirst(next);
      else setFormError(error instanceof Error ? error.message : 'The package could not be created.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="admin-panel admin-panel__pad catalogue-new"
      aria-labelledby={`${uid}-title`}
      onSubmit={submit}
      noValidate
    >
      <h2 id={`${uid}-title`} className="admin-panel__title">
        New package
      </h2>
      <InputField label="Name" {...fieldFor('name')} maxLength={catalogueLimits.name} />
      <InputField
        label="Id"
        hint={
          slug
            ? `Its page will be /package/${slug}`
            : 'Lower-case words joined by hyphens, e.g. alpine-lakes.'
        }
        {...fieldFor('id')}
        maxLength={catalogueLimits.idMax}
        value={slug}
        autoComplete="off"
        spellCheck={false}
      />
      <TextAreaField
        label="Description"
        {...fieldFor('description')}
        maxLength={catalogueLimits.description}
        rows={4}
      />
      <WholeNumberField
        label="Price per person (US$)"
        {...fieldFor('price')}
        min={catalogueLimits.priceMin}
        max={catalogueLimits.priceMax}
      />
      <button type="submit" className="button button--primary" aria-busy={busy}>
        {busy ? 'Creating…' : 'Create draft'}
      </button>
      {formError ? (
        <p className="form-error" role="alert">
          {formError}
        </p>
      ) : null}
    </form>
  );
}

import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { catalogueLimits, type AdminPackage, type PackageStatus } from '#contracts/catalogue';
import { plural } from '#contracts/format';
import { InputField, TextAreaField, WholeNumberField } from '~/components/field';
import { paths } from '~/config/paths';
import { changePackage, deletePackage } from '~/features/admin/api/catalogue-api';
import { LeaveUnsavedDialog } from '~/features/admin/components/leave-unsaved-dialog';
import { ItemsEditor, ItineraryEditor } from '~/features/admin/components/package-list-editors';
import { PackageImagesEditor } from '~/features/admin/components/package-images-editor';
import { PackagePreview } from '~/features/admin/components/package-preview';
import { QuestionsEditor } from '~/features/admin/components/package-questions-editor';
import { PackageStatusBadge } from '~/features/admin/components/package-status';
import { useUnsavedChanges } from '~/features/admin/hooks/use-unsaved-changes';
import {
  changeOf,
  draftContent,
  draftOf,
  previewOf,
  type PackageDraft,
} from '~/features/admin/utils/package-draft';
import { ApiError } from '~/lib/api-client';

type Props = {
  pkg: AdminPackage;
  onSaved: (pkg: AdminPackage, previousId: string, message: string) => void;
  onDeleted: (pkg: AdminPackage) => void;
};

// What each status offers next: draft -> published, published <-> archived, never back to draft.
const statusActions: Record<
  PackageStatus,
  { to: PackageStatus; label: string; busy: string; done: string }[]
> = {
  draft: [
    { to: 'published', label: 'Publish', busy: 'Publishing…', done: 'published: it is on the home page now' },
  ],
  published: [
    { to: 'archived', label: 'Archive', busy: 'Archiving…', done: 'archived: visitors no longer see it' },
  ],
  archived: [
    { to: 'published', label: 'Restore', busy: 'Restoring…', done: 'restored: it is on the home page again' },
  ],
};

// /admin/packages/{id}: every field of one package in one form, saved together (Save, or with a
// status change). The server's messages show beside their fields (keyed like itinerary.2.title);
// what was typed stays whatever it answers.
export function PackageEditor({ pkg, onSaved, onDeleted }: Props) {
  const uid = useId();
  const [draft, setDraft] = useState<PackageDraft>(() => draftOf(pkg));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState<'' | 'save' | PackageStatus | 'delete'>('');
  const [previewing, setPreviewing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const previewRef = useRef<HTMLElement>(null);
  // Unsaved: the form differs from the package as last saved.
  const lastSaved = useMemo(() => draftContent(draftOf(pkg)), [pkg]);
  const { blocker, allowNextLeave } = useUnsavedChanges(draftContent(draft) !== lastSaved);

  const change = <K extends keyof PackageDraft>(field: K, value: PackageDraft[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setFormError('');
  };
  const clear = (key: string) => {
    if (errors[key]) setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  const focusFirstError = () =>
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );

  async function save(status?: PackageStatus) {
    if (busy) return;
    setBusy(status ?? 'save');
    setFormError('');
    try {
      const saved = await changePackage(pkg.id, {
        ...changeOf(draft, pkg.id),
        ...(status ? { status } : {}),
      });
      setErrors({});
      setDraft(draftOf(saved));
      // A draft's new id is a new address: the save itself leaves, with nothing unsaved.
      allowNextLeave();
      const action = status && statusActions[pkg.status].find((a) => a.to === status);
      onSaved(saved, pkg.id, action ? `${saved.name} ${action.done}.` : `${saved.name} saved.`);
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
      setErrors(fieldErrors);
      const message = error instanceof Error ? error.message : 'The package could not be saved.';
      setFormError(`${message} Your changes are still here.`);
      if (Object.keys(fieldErrors).length > 0) focusFirstError();
    } finally {
      setBusy('');
    }
  }

  async function remove() {
    if (busy) return;
    setBusy('delete');
    try {
      await deletePackage(pkg.id);
      allowNextLeave();
      onDeleted(pkg);
    } catch (error) {
      setFormError(error instanceof Error ? error.message : 'The package could not be deleted.');
      setConfirmDelete(false);
    } finally {
      setBusy('');
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };

  const text = (field: 'name' | 'description' | 'price' | 'durationDays' | 'id') => ({
    id: `${uid}-${field}`,
    name: field,
    value: draft[field],
    error: errors[field],
    onChange: (e: { target: { value: string } }) => {
      change(field, e.target.value);
      clear(field);
    },
  });
  // A text's Spanish (contracts/catalogue.ts packageTranslationsSchema), keyed as the server words
  // its problems: translations.es.name.
  const spanish = (field: 'nameEs' | 'descriptionEs', key: 'name' | 'description') => ({
    id: `${uid}-${field}`,
    name: `translations.es.${key}`,
    lang: 'es',
    value: draft[field],
    error: errors[`translations.es.${key}`],
    onChange: (e: { target: { value: string } }) => {
      change(field, e.target.value);
      clear(`translations.es.${key}`);
    },
  });

  // Typing in a row clears that row's messages (the keys under the section's name, its English
  // and its Spanish).
  const clearUnder = (prefix: string) =>
    setErrors((all) =>
      Object.fromEntries(
        Object.entries(all).filter(
          ([k]) => !k.startsWith(prefix) && !k.startsWith(`translations.es.${prefix}`),
        ),
      ),
    );

  return (
    <form
      ref={formRef}
      className="package-editor"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${uid}-title`}
    >
      <LeaveUnsavedDialog blocker={blocker} />
      <div className="admin-head">
        <div>
          <p className="admin-back">
            <Link to={paths.adminPackages}>← All packages</Link>
          </p>
          <h1 className="admin-title" id={`${uid}-title`}>
            {pkg.name}
          </h1>
          <p className="admin-lead">
            <PackageStatusBadge status={pkg.status} prefix="Status:" /> ·{' '}
            {plural(pkg.upcomingDepartures, 'upcoming departure')} ·{' '}
            {plural(pkg.activeBookings, 'active booking')}
            {pkg.status === 'published' ? (
              <>
                {' '}
                · <Link to={paths.package(pkg.id)}>Open its page</Link>
              </>
            ) : null}
          </p>
        </div>
      </div>

      <div className="editor-layout">
        <div className="editor-main">
          <section className="admin-panel admin-panel__pad editor-section" aria-labelledby={`${uid}-basics`}>
            <h2 className="admin-panel__title" id={`${uid}-basics`}>
              The package
            </h2>
            <div className="editor-languages">
              <InputField label="Name" maxLength={catalogueLimits.name} {...text('name')} />
              <InputField
                label="Name in Spanish"
                hint="Empty: the Spanish pages show the English name."
                maxLength={catalogueLimits.name}
                {...spanish('nameEs', 'name')}
              />
            </div>
            <div className="editor-grid">
              {pkg.status === 'draft' ? (
                <InputField
                  label="Id"
                  hint={`Its address: /package/${draft.id || '…'}. It cannot change once published.`}
                  maxLength={catalogueLimits.idMax}
                  autoComplete="off"
                  spellCheck={false}
                  {...text('id')}
                />
              ) : (
                <div className="field">
                  <p className="editor-fixed__label">Id</p>
                  <p className="editor-fixed">/package/{pkg.id}</p>
                </div>
              )}
              <WholeNumberField
                label="Price per person (US$)"
                min={catalogueLimits.priceMin}
                max={catalogueLimits.priceMax}
                hint="Departures may have a price of their own (Departures)."
                {...text('price')}
              />
              <WholeNumberField
                label="Duration (days)"
                min={catalogueLimits.durationMin}
                max={catalogueLimits.durationMax}
                {...text('durationDays')}
              />
            </div>
            <div className="editor-languages">
              <TextAreaField
                label="Description"
                hint={`The home page's card shows its first ${catalogueLimits.cardDescription} characters.`}
                maxLength={catalogueLimits.description}
                rows={5}
                {...text('description')}
              />
              <TextAreaField
                label="Description in Spanish"
                hint="Empty: the Spanish pages show the English description."
                maxLength={catalogueLimits.description}
                rows={5}
                {...spanish('descriptionEs', 'description')}
              />
            </div>
          </section>

          <ItineraryEditor
            days={draft.itinerary}
            errors={errors}
            onChange={(days) => {
              change('itinerary', days);
              clearUnder('itinerary');
            }}
          />
          <div className="editor-pair">
            <ItemsEditor
              title="Included"
              field="includes"
              itemLabel="Included item"
              items={draft.includes}
              errors={errors}
              onChange={(items) => {
                change('includes', items);
                clearUnder('includes');
              }}
            />
            <ItemsEditor
              title="Not included"
              field="excludes"
              itemLabel="Excluded item"
              items={draft.excludes}
              errors={errors}
              onChange={(items) => {
                change('excludes', items);
                clearUnder('excludes');
              }}
            />
          </div>
          <PackageImagesEditor
            packageId={pkg.id}
            images={draft.images}
            errors={errors}
            onChange={(images) => {
              change('images', images);
              clearUnder('images');
            }}
            onUploaded={(image) => {
              change('images', [...draft.images, image]);
              onSaved({ ...pkg, images: [...pkg.images, image] }, pkg.id, `Photo uploaded: ${image.alt}.`);
            }}
          />
          <QuestionsEditor
            questions={draft.questions}
            errors={errors}
            onChange={(questions) => {
              change('questions', questions);
              clearUnder('questions');
            }}
          />
        </div>

        <aside className="editor-side" aria-label="Save and publish">
          <div className="admin-panel admin-panel__pad editor-actions">
            <button
              type="submit"
              className="button button--primary button--block"
              aria-busy={busy === 'save'}
            >
              {busy === 'save' ? 'Saving…' : 'Save changes'}
            </button>
            <button
              type="button"
              className="button button--outline button--block"
              aria-expanded={previewing}
              aria-controls={`${uid}-preview`}
              onClick={() => {
                setPreviewing(!previewing);
                if (!previewing) requestAnimationFrame(() => previewRef.current?.focus());
              }}
            >
              {previewing ? 'Hide the preview' : 'Preview the public page'}
            </button>
            {statusActions[pkg.status].map((action) => (
              <button
                key={action.to}
                type="button"
                className={`button button--block ${action.to === 'archived' ? 'button--outline' : 'button--accent'}`}
                aria-busy={busy === action.to}
                onClick={() => void save(action.to)}
              >
                {busy === action.to ? action.busy : action.label}
              </button>
            ))}
            {pkg.status === 'draft' && pkg.images.length === 0 ? (
              <p className="admin-muted editor-actions__note">Upload a cover image before publishing.</p>
            ) : null}
            {pkg.status === 'draft' ? (
              confirmDelete ? (
                <div className="editor-delete" role="group" aria-labelledby={`${uid}-del`}>
                  <p id={`${uid}-del`}>Delete this draft for good?</p>
                  <button
                    type="button"
                    className="button admin-button admin-button--danger"
                    aria-busy={busy === 'delete'}
                    onClick={() => void remove()}
                  >
                    {busy === 'delete' ? 'Deleting…' : 'Yes, delete it'}
                  </button>
                  <button
                    type="button"
                    className="button admin-button admin-button--quiet"
                    onClick={() => setConfirmDelete(false)}
                  >
                    Keep it
                  </button>
                </div>
              ) : (
                <button
                  type="button"
                  className="button admin-button admin-button--quiet editor-remove"
                  onClick={() => setConfirmDelete(true)}
                >
                  Delete draft
                </button>
              )
            ) : null}
            <p className="form-error" role="alert">
              {formError}
            </p>
          </div>
        </aside>
      </div>

      {previewing ? (
        <section
          className="admin-panel admin-panel__pad editor-preview"
          id={`${uid}-preview`}
          aria-labelledby={`${uid}-preview-title`}
          ref={previewRef}
          tabIndex={-1}
        >
          <h2 className="admin-panel__title" id={`${uid}-preview-title`}>
            Preview of the public page
          </h2>
          <p className="admin-muted">As visitors will see it with the changes above, saved or not.</p>
          <PackagePreview pkg={previewOf(draft, pkg)} />
        </section>
      ) : null}
    </form>
  );
}

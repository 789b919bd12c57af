// The package's images: each with its alt text, moved or removed (the first is the cover), and a
// new one uploaded with a preview of the chosen file before it is sent.
import { useEffect, useId, useRef, useState } from 'react';
import { InputField } from '~/components/field';
import { catalogueLimits, type PackageImage } from '#contracts/catalogue';
import { uploadPackageImage } from '~/features/admin/api/catalogue-api';
import { RowButtons } from '~/features/admin/components/package-list-editors';
import { moved } from '~/features/admin/utils/package-draft';
import { ApiError } from '~/lib/api-client';

const accepted = 'image/jpeg,image/png,image/webp,image/avif';
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

type Props = {
  packageId: string;
  images: PackageImage[];
  errors: Record<string, string>;
  onChange: (images: PackageImage[]) => void;
  // An upload is stored at once, at the end of the list.
  onUploaded: (image: PackageImage) => void;
};

export function PackageImagesEditor({ packageId, images, errors, onChange, onUploaded }: Props) {
  const uid = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState('');
  const [alt, setAlt] = useState('');
  const [uploadErrors, setUploadErrors] = useState<{ file?: string; alt?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const altRef = useRef<HTMLInputElement>(null);

  // The chosen file's preview, as a data: URL: the site's Content-Security-Policy allows images
  // from 'self' and data: only (server/src/http/security-headers.ts), not blob:.
  useEffect(() => {
    setPreview('');
    if (!file || !file.type.startsWith('image/')) return;
    const reader = new FileReader();
    reader.onload = () => setPreview(typeof reader.result === 'string' ? reader.result : '');
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);

  const altId = (id: string) => `${uid}-alt-${id}`;
  const focusLater = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

  async function upload() {
    if (busy) return;
    const problems: typeof uploadErrors = {};
    if (!file) problems.file = 'Choose a photo (JPEG, PNG, WebP or AVIF).';
    else if (file.size > catalogueLimits.uploadBytes)
      problems.file = `This file is ${megabytes(file.size)}: a photo may be at most 10 MB.`;
    if (alt.trim() === '') problems.alt = 'Describe the photo for people who cannot see it.';
    if (problems.file || problems.alt) {
      setUploadErrors(problems);
      (problems.file ? fileRef : altRef).current?.focus();
      return;
    }
    setBusy(true);
    setUploadErrors({});
    try {
      const image = await uploadPackageImage(packageId, file!, alt.trim());
      onUploaded({ avif: '', webp: '', ...image });
      setFile(null);
      setAlt('');
      if (fileRef.current) fileRef.current.value = '';
      focusLater(altId(image.id));
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      const message = error instanceof Error ? error.message : 'The photo could not be uploaded.';
      const next = {
        ...(fields.alt ? { alt: fields.alt } : {}),
        ...(fields.file ? { file: fields.file } : {}),
      };
      setUploadErrors(Object.keys(next).length > 0 ? next : { file: message });
      (next.alt && !next.file ? altRef : fileRef).current?.focus();
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="admin-panel admin-panel__pad editor-section" aria-labelledby={`${uid}-h`}>
      <h2 className="admin-panel__title" id={`${uid}-h`}>
        Images
      </h2>
      <p className="admin-muted editor-section__lead">
        The first image is the cover, on the home page and at the top of the package page. At most{' '}
        {catalogueLimits.images}.
      </p>
      {errors.images ? <p className="field__error">{errors.images}</p> : null}
      {images.length > 0 ? (
        <ol className="editor-images">
          {images.map((image, index) => (
            <li key={image.id} className="editor-image">
              <img
                className="editor-image__img"
                src={image.url}
                alt=""
                width={image.width}
                height={image.height}
              />
              <div className="editor-image__body">
                {index === 0 ? <p className="editor-image__cover">Cover</p> : null}
                <InputField
                  label={`Alt text, image ${index + 1}`}
                  id={altId(image.id)}
                  name={`images.${index}.alt`}
                  maxLength={catalogueLimits.alt}
                  value={image.alt}
                  onChange={(e) =>
                    onChange(images.map((im, i) => (i === index ? { ...im, alt: e.target.value } : im)))
                  }
                  error={errors[`images.${index}.alt`]}
                />
                <RowButtons
                  index={index}
                  count={images.length}
                  what={`image ${index + 1}`}
                  onMove={(by) => {
                    onChange(moved(images, index, by));
                    focusLater(altId(image.id));
                  }}
                  onRemove={() => {
                    const rest = images.filter((_, i) => i !== index);
                    onChange(rest);
                    const neighbour = rest[Math.min(index, rest.length - 1)];
                    focusLater(neighbour ? altId(neighbour.id) : `${uid}-file`);
                  }}
                />
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="editor-images__none">No images yet: a package needs a cover before it is published.</p>
      )}
      {/* Not a nested form (the editor is one): a group whose button uploads. */}
      <div className="editor-upload" role="group" aria-labelledby={`${uid}-up`}>
        <h3 className="editor-upload__title" id={`${uid}-up`}>
          Upload a photo
        </h3>
        <div className="editor-upload__fields">
          <div className="editor-upload__inputs">
            <InputField
              label="Photo"
              hint="JPEG, PNG, WebP or AVIF, up to 10 MB. Location and camera data are removed."
              ref={fileRef}
              id={`${uid}-file`}
              name="file"
              type="file"
              accept={accepted}
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setUploadErrors(({ file: _gone, ...rest }) => rest);
              }}
              error={uploadErrors.file}
            />
            <InputField
              label="Alt text"
              hint="What the photo shows, for people who cannot see it."
              ref={altRef}
              id={`${uid}-new-alt`}
              name="alt"
              maxLength={catalogueLimits.alt}
              value={alt}
              onChange={(e) => {
                setAlt(e.target.value);
                setUploadErrors(({ alt: _gone, ...rest }) => rest);
              }}
              error={uploadErrors.alt}
            />
          </div>
          {preview ? (
            <figure className="editor-upload__preview">
              <img src={preview} alt="" />
              <figcaption>Preview of {file?.name}</figcaption>
            </figure>
          ) : null}
        </div>
        <button
          type="button"
          className="button button--primary"
          aria-busy={busy}
          disabled={images.length >= catalogueLimits.images}
          onClick={() => void upload()}
        >
          {busy ? 'Uploading…' : 'Upload photo'}
        </button>
      </div>
    </section>
  );
}

// "Swiss Alpine Lakes" -> "swiss-alpine-lakes": lower-case ASCII words joined by single hyphens,
// at most `maxLength` characters and never ending in a hyphen. A new package's id offered from
// its name (src/features/admin/components/new-package-form.tsx) and a new question's id from its
// label (src/features/admin/utils/package-draft.ts) are made the same way.
export const slugOf = (text: string, maxLength: number) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/g, '');

// The catalogue as the brand runs it (packages live in PostgreSQL; public/packages.json is only the
// first seed): the package, its days, images and questions, the travellers' answers, the
// operators' create and change bodies and their list row. Schemas are written once here and the
// types inferred from them; the server declares them on its routes (server/src/catalog/), the
// console and the package page import the types. zod/mini keeps the pages' bundles small.
// No path alias here: the server imports this file directly.
import * as z from 'zod/mini';
import { balanceDueDaysSchema, cancellationFeesSchema, depositPercentSchema } from './payment-terms.js';
import { formatCount } from './format.js';
import { controlCharsMessage, hasControlChars, text } from './text.js';

export const packageStatuses = ['draft', 'published', 'archived'] as const;
export type PackageStatus = (typeof packageStatuses)[number];

export const questionKinds = ['text', 'yesno', 'choice'] as const;
export type QuestionKind = (typeof questionKinds)[number];

export const catalogueLimits = {
  idMin: 3,
  idMax: 60,
  name: 80,
  description: 2000,
  // Cards cut the description at this many characters.
  cardDescription: 110,
  priceMin: 1,
  priceMax: 100_000,
  durationMin: 1,
  durationMax: 60,
  days: 60,
  dayTitle: 100,
  dayBody: 2000,
  listItems: 30,
  listItem: 200,
  images: 20,
  alt: 150,
  questions: 20,
  questionId: 40,
  questionLabel: 100,
  choicesMin: 2,
  choicesMax: 20,
  choice: 100,
  answerText: 500,
  // Uploads (POST /api/admin/packages/{id}/images).
  uploadBytes: 10 * 1024 * 1024,
  uploadPixels: 40_000_000,
} as const;

// A package's id is its URL slug: lower-case words joined by single hyphens.
export const packageIdPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const questionIdPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const L = catalogueLimits;

const wholeNumber = (label: string, min: number, max: number) => {
  const message = `${label} must be a whole number from ${min} to ${formatCount(max)}.`;
  return z
    .number({ error: message })
    .check(z.refine(Number.isInteger, message), z.minimum(min, message), z.maximum(max, message));
};

export const packageIdSchema = z.string({ error: 'The id must be text.' }).check(
  z.refine((v) => !hasControlChars(v), controlCharsMessage('The id')),
  z.minLength(L.idMin, `The id must be ${L.idMin} to ${L.idMax} characters.`),
  z.maxLength(L.idMax, `The id must be ${L.idMin} to ${L.idMax} characters.`),
  z.refine(
    (v) => packageIdPattern.test(v),
    'The id may use only lower-case letters, digits and single hyphens between them (for example "alpine-lakes").',
  ),
);

export const packageNameSchema = text({ label: 'Name', max: L.name, required: 'Enter a name.' });
export const packageDescriptionSchema = text({
  label: 'Description',
  max: L.description,
  required: 'Enter a description.',
  multiline: true,
});
// Per person, whole dollars.
export const packagePriceSchema = wholeNumber('The price', L.priceMin, L.priceMax);
export const durationDaysSchema = wholeNumber('The duration', L.durationMin, L.durationMax);

// Day N of the itinerary is entry N.
export const itineraryDaySchema = z.object({
  title: text({ label: 'Day title', max: L.dayTitle, required: 'Give the day a title.' }),
  body: text({ label: 'Day description', max: L.dayBody, multiline: true }),
});
export type ItineraryDay = z.infer<typeof itineraryDaySchema>;

export const itinerarySchema = z
  .array(itineraryDaySchema, { error: 'The itinerary must be a list of days.' })
  .check(z.maxLength(L.days, `An itinerary has at most ${L.days} days.`));

const listItem = (label: string) => text({ label, max: L.listItem, required: `${label}: enter some text.` });
export const includesSchema = z
  .array(listItem('Included item'), { error: 'What is included must be a list.' })
  .check(z.maxLength(L.listItems, `List at most ${L.listItems} included items.`));
export const excludesSchema = z
  .array(listItem('Excluded item'), { error: 'What is not included must be a list.' })
  .check(z.maxLength(L.listItems, `List at most ${L.listItems} excluded items.`));

// An image as stored and served: every variant is content-addressed under /images/
// (`/images/<hash>.<width>.avif|webp`). `url` is the largest WebP; `avif` and `webp` are srcset
// strings ("url 400w, url 800w") for <picture>. The first image of a package is its cover.
export const packageImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  alt: z.string(),
  width: z.number(),
  height: z.number(),
  avif: z.string(),
  webp: z.string(),
});
export type PackageImage = z.infer<typeof packageImageSchema>;

export const imageAltSchema = text({
  label: 'Alt text',
  max: L.alt,
  required: 'Describe the image for people who cannot see it (alt text).',
});

// A question asked of every traveller in the details form. `choices` is [] unless kind is choice.
// A sensitive answer (health, documents) is erased with the other details at retention.
export const questionSchema = z
  .object({
    id: z.string({ error: 'A question id must be text.' }).check(
      z.minLength(1, 'A question needs an id.'),
      z.maxLength(L.questionId, `A question id must be at most ${L.questionId} characters.`),
      z.refine(
        (v) => questionIdPattern.test(v),
        'A question id may use lower-case letters, digits and hyphens.',
      ),
    ),
    label: text({ label: 'Question', max: L.questionLabel, required: 'Write the question.' }),
    kind: z.enum(questionKinds, { error: 'The kind must be text, yesno or choice.' }),
    choices: z._default(
      z.array(text({ label: 'Choice', max: L.choice, required: 'A choice cannot be empty.' })),
      [],
    ),
    required: z._default(z.boolean({ error: 'Required must be true or false.' }), false),
    sensitive: z._default(z.boolean({ error: 'Sensitive must be true or false.' }), false),
  })
  .check(
    z.superRefine((q, ctx) => {
      if (q.kind === 'choice') {
        if (q.choices.length < L.choicesMin || q.choices.length > L.choicesMax) {
          ctx.addIssue({
            code: 'custom',
            path: ['choices'],
            message: `A choice question needs ${L.choicesMin} to ${L.choicesMax} choices.`,
            input: q.choices,
          });
        } else if (new Set(q.choices).size !== q.choices.length) {
          ctx.addIssue({
            code: 'custom',
            path: ['choices'],
            message: 'Each choice must be different.',
            input: q.choices,
          });
        }
      } else if (q.choices.length > 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['choices'],
          message: 'Only a choice question has choices.',
          input: q.choices,
        });
      }
    }),
  );
export type Question = z.output<typeof questionSchema>;

export const questionsSchema = z.array(questionSchema, { error: 'The questions must be a list.' }).check(
  z.maxLength(L.questions, `Ask at most ${L.questions} questions.`),
  z.refine((qs) => new Set(qs.map((q) => q.id)).size === qs.length, 'Each question needs its own id.'),
);

// A traveller's answers, keyed by question id: text (up to 500), yes/no (boolean), or one of the
// choices. Checked against the package's questions by checkAnswers below.
export const answersSchema = z.record(z.string(), z.union([z.string(), z.boolean()]));
export type Answers = z.infer<typeof answersSchema>;

// A package's texts in another language than English (migration 68): each one optional, empty
// meaning "not translated", so the pages show the English there (with lang="en"). Each text has
// the English field's limit. The lists follow the English ones by position (day N, item N, choice
// N); the questions by id, as the travellers' answers are keyed (and stored in English).
export const packageTranslationSchema = (inLanguage: string) =>
  z.strictObject(
    {
      name: z.optional(text({ label: `Name ${inLanguage}`, max: L.name })),
      description: z.optional(
        text({ label: `Description ${inLanguage}`, max: L.description, multiline: true }),
      ),
      itinerary: z.optional(
        z
          .array(
            z.strictObject({
              title: z._default(text({ label: `Day title ${inLanguage}`, max: L.dayTitle }), ''),
              body: z._default(
                text({ label: `Day description ${inLanguage}`, max: L.dayBody, multiline: true }),
                '',
              ),
            }),
            { error: 'The translated itinerary must be a list of days.' },
          )
          .check(z.maxLength(L.days, `An itinerary has at most ${L.days} days.`)),
      ),
      includes: z.optional(
        z
          .array(text({ label: `Included item ${inLanguage}`, max: L.listItem }), {
            error: 'The translated included items must be a list.',
          })
          .check(z.maxLength(L.listItems, `List at most ${L.listItems} included items.`)),
      ),
      excludes: z.optional(
        z
          .array(text({ label: `Excluded item ${inLanguage}`, max: L.listItem }), {
            error: 'The translated excluded items must be a list.',
          })
          .check(z.maxLength(L.listItems, `List at most ${L.listItems} excluded items.`)),
      ),
      questions: z.optional(
        z
          .array(
            z.strictObject({
              id: z.string({ error: 'A question id must be text.' }).check(
                z.maxLength(L.questionId, `A question id must be at most ${L.questionId} characters.`),
                z.refine(
                  (v) => questionIdPattern.test(v),
                  'A question id may use lower-case letters, digits and hyphens.',
                ),
              ),
              label: z._default(text({ label: `Question ${inLanguage}`, max: L.questionLabel }), ''),
              choices: z._default(
                z
                  .array(text({ label: `Choice ${inLanguage}`, max: L.choice }))
                  .check(
                    z.maxLength(
                      L.choicesMax,
                      `A choice question needs ${L.choicesMin} to ${L.choicesMax} choices.`,
                    ),
                  ),
                [],
              ),
            }),
            { error: 'The translated questions must be a list.' },
          )
          .check(
            z.maxLength(L.questions, `Ask at most ${L.questions} questions.`),
            z.refine(
              (qs) => new Set(qs.map((q) => q.id)).size === qs.length,
              'Each question needs its own id.',
            ),
          ),
      ),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? 'A translation takes name, description, itinerary, includes, excludes and questions.'
          : 'The translation could not be read: send a JSON object.',
    },
  );
export type PackageTranslation = z.output<ReturnType<typeof packageTranslationSchema>>;

// Every language but English, each optional (contracts/language.ts): {"es": {...}}.
export const packageTranslationsSchema = z.strictObject(
  { es: z.optional(packageTranslationSchema('in Spanish')) },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? 'Translations are keyed by language: es.'
        : 'The translations could not be read: send a JSON object.',
  },
);
export type PackageTranslations = z.output<typeof packageTranslationsSchema>;

// What the public and the console read of them (no checks: the server wrote them).
const storedTranslationsSchema = z.object({
  es: z.optional(
    z.object({
      name: z.optional(z.string()),
      description: z.optional(z.string()),
      itinerary: z.optional(z.array(z.object({ title: z.string(), body: z.string() }))),
      includes: z.optional(z.array(z.string())),
      excludes: z.optional(z.array(z.string())),
      questions: z.optional(
        z.array(z.object({ id: z.string(), label: z.string(), choices: z.array(z.string()) })),
      ),
    }),
  ),
});

// The public package (GET /api/packages/{id}: every field; /packages.json: the published ones in
// position order). `img` is the cover's URL ('' when it has no image yet), so the spec's JSON keeps
// its shape.
export const cataloguePackageSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  img: z.string(),
  price: z.number(),
  // Whole dollars: the lowest price of its upcoming open dates, only where those dates differ in
  // price ("from $1,390"); absent, every date sells at one price and \`price\` says it.
  fromPrice: z.optional(z.number()),
  status: z.enum(packageStatuses),
  durationDays: z.nullable(z.number()),
  itinerary: z.array(itineraryDaySchema),
  includes: z.array(z.string()),
  excludes: z.array(z.string()),
  images: z.array(packageImageSchema),
  questions: z.array(questionSchema),
  position: z.number(),
  updatedAt: z.string(),
  // Payment terms (contract v5, ./payment.ts): shown on the package page before Purchase.
  depositPercent: z.number(),
  balanceDueDays: z.number(),
  cancellationFees: z.array(z.object({ daysBefore: z.number(), percent: z.number() })),
  // The texts in other languages (migration 68); {} when none is translated.
  translations: storedTranslationsSchema,
});
export type CataloguePackage = z.output<typeof cataloguePackageSchema>;

// GET /api/admin/packages -> {packages: AdminPackage[]} in position order, every status.
export const adminPackageSchema = z.object({
  ...cataloguePackageSchema.shape,
  // Departures from today on (open or closed), and bookings requested or confirmed.
  upcomingDepartures: z.number(),
  activeBookings: z.number(),
});
export type AdminPackage = z.output<typeof adminPackageSchema>;
export const adminPackagesSchema = z.object({ packages: z.array(adminPackageSchema) });
export type AdminPackages = z.output<typeof adminPackagesSchema>;

// The fields a new package may leave out and a change may send, checked alike in both.
const optionalPackageFields = {
  durationDays: z.optional(z.nullable(durationDaysSchema)),
  itinerary: z.optional(itinerarySchema),
  includes: z.optional(includesSchema),
  excludes: z.optional(excludesSchema),
  questions: z.optional(questionsSchema),
  depositPercent: z.optional(depositPercentSchema),
  balanceDueDays: z.optional(balanceDueDaysSchema),
  cancellationFees: z.optional(cancellationFeesSchema),
  translations: z.optional(packageTranslationsSchema),
};

// POST /api/admin/packages -> 201 AdminPackage, always a draft; a taken id -> 409.
export const newPackageSchema = z.strictObject(
  {
    id: packageIdSchema,
    name: packageNameSchema,
    description: packageDescriptionSchema,
    price: packagePriceSchema,
    ...optionalPackageFields,
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? 'A new package takes id, name, description, price, durationDays, itinerary, includes, excludes, questions, depositPercent, balanceDueDays, cancellationFees and translations.'
        : 'The package could not be read: send a JSON object.',
  },
);
export type NewPackage = z.input<typeof newPackageSchema>;

// PATCH /api/admin/packages/{id} -> 200 AdminPackage. Any field; `id` only while a draft; `images`
// is the whole list in its new order with new alt texts (an image left out is removed); `status`:
// draft -> published (needs a cover image), published <-> archived, never back to draft (409).
export const packageChangeSchema = z
  .strictObject(
    {
      id: z.optional(packageIdSchema),
      name: z.optional(packageNameSchema),
      description: z.optional(packageDescriptionSchema),
      price: z.optional(packagePriceSchema),
      ...optionalPackageFields,
      images: z.optional(
        z
          .array(z.object({ id: z.string({ error: 'An image id must be text.' }), alt: imageAltSchema }), {
            error: 'The images must be a list of {id, alt}.',
          })
          .check(z.maxLength(L.images, `A package has at most ${L.images} images.`)),
      ),
      status: z.optional(z.enum(packageStatuses, { error: 'Status must be draft, published or archived.' })),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? 'Only id, name, description, price, durationDays, itinerary, includes, excludes, questions, images, status, depositPercent, balanceDueDays, cancellationFees and translations can be changed.'
          : 'The change could not be read: send a JSON object.',
    },
  )
  .check(z.refine((change) => Object.keys(change).length > 0, 'Nothing to change: send at least one field.'));
export type PackageChange = z.input<typeof packageChangeSchema>;

// PUT /api/admin/packages/order {ids}: every package id, in the new order -> 200 AdminPackages.
export const packageOrderSchema = z.strictObject(
  {
    ids: z
      .array(z.string({ error: 'Each id must be text.' }), { error: 'Send the ids as a list.' })
      .check(z.maxLength(1000, 'Too many ids.')),
  },
  { error: 'Send {"ids": [...]} with every package id in the new order.' },
);
export type PackageOrder = z.infer<typeof packageOrderSchema>;

// POST /api/admin/packages/{id}/images (multipart: `file`, `alt`) -> 201 UploadedImage.
export const uploadedImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  alt: z.string(),
  width: z.number(),
  height: z.number(),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

// Departures' own price (POST/PATCH /api/admin/departures): whole dollars, or null for the
// package's price. The public departures list answers each date's effective price.
export const departurePriceSchema = z.nullable(wholeNumber('The price', L.priceMin, L.priceMax));
export type DeparturePrice = z.infer<typeof departurePriceSchema>;

// The answers' checks live in ./answers.ts (no zod: the details form's bundle takes them).
export { answersComplete, checkAnswers } from './answers.js';

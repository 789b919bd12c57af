import { msg } from '#contracts/i18n';

export type Faq = { id: string; question: string; answer: string[] };

// The blogs page's three topics (docs/product.md#pages), answered for travellers who wonder how signing in works.
export const faqs: readonly Faq[] = [
  {
    id: 'authentication-vs-authorization',
    question: msg('What is the difference between authentication and authorization?'),
    answer: [
      msg(
        'Authentication answers "who are you?". When you sign in with your email and password, or with your Google account, the site checks that you really are the owner of that account. The result is a proven identity: a signed token that says which user you are.',
      ),
      msg(
        'Authorization answers "what may you do?". Once we know who you are, the site decides what you can see and change: any visitor may browse packages and read this page, but only a signed-in traveller may open a package to book it, and each traveller sees only their own bookings. Our server checks the token on every booking request before it stores or shows anything.',
      ),
      msg(
        'Authentication always comes first; authorization is the set of rules applied to the identity it proves. A passport check at the airport is authentication; the boarding pass that lets you onto one particular flight is authorization.',
      ),
    ],
  },
  {
    id: 'why-firebase',
    question: msg('Why do we use Firebase Authentication, and what are the alternatives?'),
    answer: [
      msg(
        'Firebase Authentication is Google’s hosted identity service. It stores passwords safely (salted and hashed with scrypt), handles email and password sign-up, password-reset emails and sign-in with Google and other providers, and issues short-lived ID tokens that our server can verify. We do not have to build or secure any of that ourselves, and its web SDK keeps you signed in across visits.',
      ),
      msg(
        'It is also free for the number of travellers a brand like ours serves, and it comes with a local emulator, so every part of signing in can be tested without touching real accounts.',
      ),
      msg(
        'Alternatives include Auth0 and Okta (enterprise identity platforms with rich rules and single sign-on), Amazon Cognito, Microsoft Entra ID, Supabase Auth and Clerk (hosted services with similar features), or self-hosted options such as Keycloak, or a library like Auth.js or Passport.js with sessions stored in our own database. Each moves the balance between convenience, cost and control.',
      ),
    ],
  },
  {
    id: 'other-firebase-services',
    question: msg('What other services does Firebase offer?'),
    answer: [
      msg(
        'Authentication is one of many Firebase products. Cloud Firestore and the Realtime Database are hosted NoSQL databases that sync data to apps live; Cloud Storage keeps user files such as photos; Firebase Hosting and App Hosting serve websites and web apps over a global CDN; and Cloud Functions run server code in response to events or HTTP requests.',
      ),
      msg(
        'Alongside those, Firebase Cloud Messaging sends push notifications, Remote Config and A/B Testing change an app’s behaviour without a new release, Analytics, Crashlytics and Performance Monitoring show how an app is used and where it fails, App Check protects back ends from abuse, Data Connect offers a managed PostgreSQL database, and Firebase AI Logic (formerly Vertex AI in Firebase) brings Gemini models into apps.',
      ),
    ],
  },
];

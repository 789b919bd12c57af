import { Picture } from '~/components/picture';
import { msg } from '#contracts/i18n';
import { useT } from '~/lib/i18n';

const skills = [
  'TypeScript',
  'React & React Router',
  'Node.js & Fastify',
  'PostgreSQL',
  'Firebase Authentication',
  msg('Accessibility (WCAG 2.2)'),
  msg('Web performance'),
  msg('Playwright testing'),
];

const links = [
  {
    label: msg('Email'),
    href: 'mailto:maya.okafor@wayfarer-tours.example',
    text: 'maya.okafor@wayfarer-tours.example',
  },
  { label: 'GitHub', href: 'https://github.com/mayaokafor', text: 'github.com/mayaokafor' },
  { label: 'LinkedIn', href: 'https://www.linkedin.com/in/mayaokafor', text: 'linkedin.com/in/mayaokafor' },
];

export function DeveloperProfile() {
  const { t, known } = useT();
  return (
    <article className="profile">
      <div className="profile__portrait">
        <Picture
          name="portrait"
          kind="portrait"
          alt={t('Illustrated portrait of Maya Okafor')}
          width={320}
          height={320}
          sizes="(min-width: 700px) 320px, 60vw"
          priority
        />
      </div>
      <div className="profile__body">
        <p className="eyebrow">{t('The developer')}</p>
        <h1>Maya Okafor</h1>
        <p className="profile__role">{t('Full-stack web developer, Wayfarer Tours')}</p>
        <p>
          {t(
            'I build the Wayfarer website: the package pages you browse, the sign-in that keeps your account safe and the booking system that makes sure no reservation is ever lost. Before joining the team I spent four years leading walking tours in Lisbon, so I know what a traveller wants from a trip page: clear prices, honest descriptions and no surprises.',
          )}
        </p>
        <p>
          {t(
            'I care about sites that load fast on a phone with one bar of signal, work with a keyboard and a screen reader, and keep working when the network does not.',
          )}
        </p>
        <h2>{t('Skills')}</h2>
        <ul className="chips" aria-label={t('Skills')}>
          {skills.map((s) => (
            <li key={s} className="chip">
              {known(s)}
            </li>
          ))}
        </ul>
        <h2>{t('Get in touch')}</h2>
        <ul className="profile__links">
          {links.map((l) => (
            <li key={l.label}>
              <span className="profile__link-label">{known(l.label)}</span>{' '}
              <a
                href={l.href}
                {...(l.href.startsWith('http') ? { rel: 'noopener noreferrer', target: '_blank' } : {})}
              >
                {l.text}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}

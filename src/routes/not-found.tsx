import { Link } from 'react-router';
import { Picture } from '~/components/picture';
import { paths } from '~/config/paths';

export const meta = () => [
  { title: 'Page not found | Wayfarer Tours' },
  { name: 'description', content: 'This page does not exist.' },
  { name: 'robots', content: 'noindex' },
];

export default function NotFound() {
  return (
    <section className="section container not-found" aria-labelledby="nf-title">
      <Picture
        name="not-found"
        kind="wide"
        alt="A folded map with a dotted trail that ends in a red cross, beside a compass"
        width={600}
        height={400}
        sizes="(min-width: 700px) 600px, 90vw"
        priority
      />
      <h1 id="nf-title">404: this trail leads nowhere</h1>
      <p>The page you were looking for has moved or never existed.</p>
      <Link className="button button--primary" to={paths.home}>
        Back to home
      </Link>
    </section>
  );
}

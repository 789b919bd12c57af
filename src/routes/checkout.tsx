import { Link } from 'react-router';
import { paths } from '~/config/paths';

export const meta = () => [{ title: 'Thanks For Purchasing | Wayfarer Tours' }, { name: 'robots', content: 'noindex' }];

export default function Checkout() {
  return (
    <section className="section container container--narrow checkout">
      <div className="checkout__badge" aria-hidden="true">
        ✓
      </div>
      <h1>Thanks For Purchasing</h1>
      <p className="section__lead">Your guide will be in touch within two working days to plan the details.</p>
      <Link className="button button--primary" to={paths.home}>
        Back To Home
      </Link>
    </section>
  );
}

// Spanish: every English text of the site and the emails a traveller reads, keyed by that English
// (contracts/i18n.ts; docs/decisions/071-translation-layer.md). A third language is a copy of this
// file translated, its code added to contracts/language.ts, and the file registered where the
// typecheck then asks for it. Written for travellers from Spain and the Americas alike: "usted"
// throughout, as the brand's English is polite and plain.
import type { Catalogue } from './i18n.js';

export const es = {
  language: 'es',
  // CLDR: "one" for 1 only (1,5 is "other"); the "many" of millions ("1 millón de") never comes up
  // in a count of travellers or days.
  plural: (count: number) => (count === 1 ? 'one' : 'other'),
  weekdays: ['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb'],
  months: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'],
  group: '.',
  decimal: ',',
  money: (amount: string, sign: string) => `${amount} ${sign === '$' ? 'US$' : sign}`,
  messages: {
    Home: 'Inicio',
    'Skip to content': 'Saltar al contenido',
    'Too many requests': 'Demasiadas solicitudes',
    'Back to the home page': 'Volver a la página de inicio',
    'Something went wrong while showing this page.': 'Algo salió mal al mostrar esta página.',
    'Sorry, something went wrong': 'Lo sentimos, algo salió mal',
    'Wayfarer Tours home': 'Inicio de Wayfarer Tours',
    Close: 'Cerrar',
    Menu: 'Menú',
    Blogs: 'Blogs',
    About: 'Nosotros',
    'About {brand}': 'Acerca de {brand}',
    'Small-group journeys led by guides who live where you travel. We plan the routes, the stays and the quiet moments in between, so you can simply be there.':
      'Viajes en grupos pequeños guiados por personas que viven donde usted viaja. Planificamos las rutas, los alojamientos y los momentos de calma entre medias, para que usted solo tenga que estar allí.',
    'Social media': 'Redes sociales',
    '(opens in a new tab)': '(se abre en una pestaña nueva)',
    Explore: 'Explorar',
    Packages: 'Paquetes',
    'Travel FAQ': 'Preguntas frecuentes',
    'About us': 'Quiénes somos',
    Contact: 'Contacto',
    'All rights reserved.': 'Todos los derechos reservados.',
    'Log Out': 'Cerrar sesión',
    Account: 'Cuenta',
    'My bookings': 'Mis reservas',
    'Loading…': 'Cargando…',
  },
} as const satisfies Catalogue;

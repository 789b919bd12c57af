// Spanish: every English text of the site and the emails a traveller reads, keyed by that English
// (contracts/i18n.ts; docs/decisions/071-translation-layer.md). A third language is a copy of this
// file translated, its code added to contracts/language.ts, and the file registered where the
// typecheck then asks for it. Written for travellers from Spain and the Americas alike: "usted"
// throughout, as the brand's English is polite and plain.
import type { Catalogue } from './catalogue-shape.js';

export const es = {
  language: 'es',
  // CLDR: "one" for 1 only (1,5 is "other"); the "many" of millions ("1 millón de") never comes up
  // in a count of travellers or days.
  plural: (count: number) => (count === 1 ? 'one' : 'other'),
  weekdays: ['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb'],
  months: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'],
  group: '.',
  decimal: ',',
  // A no-break space, as Intl's es format writes it: the amount and its currency never part at a
  // line's end (a package card's price at 375 px put "US$" on a line of its own).
  money: (amount: string, sign: string) => `${amount}\u00a0${sign === '$' ? 'US$' : sign}`,
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
    'Date to be agreed': 'Fecha por acordar',
    'Small-group journeys with local guides': 'Viajes en grupos pequeños con guías locales',
    'Accessibility (WCAG 2.2)': 'Accesibilidad (WCAG 2.2)',
    'Web performance': 'Rendimiento web',
    'Playwright testing': 'Pruebas con Playwright',
    Email: 'Correo electrónico',
    'Illustrated portrait of Maya Okafor': 'Retrato ilustrado de Maya Okafor',
    'The developer': 'La desarrolladora',
    'Full-stack web developer, Wayfarer Tours': 'Desarrolladora web full-stack, Wayfarer Tours',
    'I build the Wayfarer website: the package pages you browse, the sign-in that keeps your account safe and the booking system that makes sure no reservation is ever lost. Before joining the team I spent four years leading walking tours in Lisbon, so I know what a traveller wants from a trip page: clear prices, honest descriptions and no surprises.':
      'Construyo la web de Wayfarer: las páginas de paquetes que usted consulta, el inicio de sesión que protege su cuenta y el sistema de reservas que garantiza que ninguna reserva se pierda jamás. Antes de unirme al equipo pasé cuatro años guiando recorridos a pie por Lisboa, así que sé lo que un viajero espera de la página de un viaje: precios claros, descripciones honestas y ninguna sorpresa.',
    'I care about sites that load fast on a phone with one bar of signal, work with a keyboard and a screen reader, and keep working when the network does not.':
      'Me importan las webs que cargan rápido en un móvil con una sola barra de cobertura, que funcionan con teclado y con lector de pantalla, y que siguen funcionando cuando la red no lo hace.',
    Skills: 'Habilidades',
    'Get in touch': 'Contacto',
    'Read More': 'Leer más',
    'Featured blogs': 'Blogs destacados',
    'The Carry-On Only Guide to Two Weeks Abroad': 'Dos semanas de viaje solo con equipaje de mano',
    'Our guides live out of one small bag for months at a time. Here is exactly what they pack, the three fabrics that do all the work, and the rolling trick that frees up a third of your suitcase for the way home.':
      'Nuestros guías viven durante meses con una sola bolsa pequeña. Esto es exactamente lo que llevan, los tres tejidos que hacen todo el trabajo y el truco de enrollar la ropa que libera un tercio de la maleta para la vuelta.',
    'Seven Quiet Beaches the Crowds Have Not Found':
      'Siete playas tranquilas que las multitudes aún no han descubierto',
    'From a pebble cove below a Greek monastery to a white-sand bay in northern Brazil reached only by boat, these are the shores our local guides head to on their own days off, with the best months to go.':
      'De una cala de guijarros bajo un monasterio griego a una bahía de arena blanca en el norte de Brasil a la que solo se llega en barco: estas son las costas a las que van nuestros guías locales en sus días libres, con los mejores meses para ir.',
    'How to Eat Street Food Like a Local (and Safely)':
      'Cómo comer comida callejera como un local (y sin riesgos)',
    'The busiest stall is usually the safest, the sauce is never optional, and breakfast is where the real cooking happens. A field guide to night markets from Marrakech to Osaka, written by the people who eat there every week.':
      'El puesto con más gente suele ser el más seguro, la salsa nunca es opcional y la cocina de verdad ocurre en el desayuno. Una guía de campo de los mercados nocturnos de Marrakech a Osaka, escrita por quienes comen allí cada semana.',
    'Training for Your First Multi-Day Trek': 'Cómo prepararse para su primer trekking de varios días',
    'You do not need to be an athlete to walk the W trek or the Haute Route. A twelve-week plan that starts with stairs and weekend walks, the boots-and-blisters advice we give every guest, and how to pace a day at altitude.':
      'No hace falta ser atleta para recorrer el circuito W o la Haute Route. Un plan de doce semanas que empieza con escaleras y caminatas de fin de semana, los consejos sobre botas y ampollas que damos a cada viajero y cómo dosificar el esfuerzo de un día en altura.',
    'What is the difference between authentication and authorization?':
      '¿Qué diferencia hay entre autenticación y autorización?',
    'Authentication answers "who are you?". When you sign in with your email and password, or with your Google account, the site checks that you really are the owner of that account. The result is a proven identity: a signed token that says which user you are.':
      'La autenticación responde a «¿quién es usted?». Cuando inicia sesión con su correo y su contraseña, o con su cuenta de Google, el sitio comprueba que usted es realmente el titular de esa cuenta. El resultado es una identidad demostrada: un token firmado que dice qué usuario es usted.',
    'Authorization answers "what may you do?". Once we know who you are, the site decides what you can see and change: any visitor may browse packages and read this page, but only a signed-in traveller may open a package to book it, and each traveller sees only their own bookings. Our server checks the token on every booking request before it stores or shows anything.':
      'La autorización responde a «¿qué puede hacer?». Una vez que sabemos quién es usted, el sitio decide qué puede ver y cambiar: cualquier visitante puede consultar los paquetes y leer esta página, pero solo un viajero con la sesión iniciada puede abrir un paquete para reservarlo, y cada viajero ve únicamente sus propias reservas. Nuestro servidor comprueba el token en cada solicitud de reserva antes de guardar o mostrar nada.',
    'Authentication always comes first; authorization is the set of rules applied to the identity it proves. A passport check at the airport is authentication; the boarding pass that lets you onto one particular flight is authorization.':
      'La autenticación siempre va primero; la autorización es el conjunto de reglas que se aplican a la identidad que ella demuestra. El control de pasaportes en el aeropuerto es autenticación; la tarjeta de embarque que le permite subir a un vuelo concreto es autorización.',
    'Why do we use Firebase Authentication, and what are the alternatives?':
      '¿Por qué usamos Firebase Authentication y qué alternativas hay?',
    'Firebase Authentication is Google’s hosted identity service. It stores passwords safely (salted and hashed with scrypt), handles email and password sign-up, password-reset emails and sign-in with Google and other providers, and issues short-lived ID tokens that our server can verify. We do not have to build or secure any of that ourselves, and its web SDK keeps you signed in across visits.':
      'Firebase Authentication es el servicio de identidad alojado de Google. Guarda las contraseñas de forma segura (con sal y cifradas con scrypt), gestiona el registro con correo y contraseña, los correos para restablecer la contraseña y el inicio de sesión con Google y otros proveedores, y emite tokens de identidad de corta duración que nuestro servidor puede verificar. No tenemos que construir ni proteger nada de eso nosotros mismos, y su SDK web mantiene su sesión iniciada entre visitas.',
    'It is also free for the number of travellers a brand like ours serves, and it comes with a local emulator, so every part of signing in can be tested without touching real accounts.':
      'Además es gratuito para el número de viajeros que atiende una marca como la nuestra, e incluye un emulador local, de modo que cada parte del inicio de sesión se puede probar sin tocar cuentas reales.',
    'Alternatives include Auth0 and Okta (enterprise identity platforms with rich rules and single sign-on), Amazon Cognito, Microsoft Entra ID, Supabase Auth and Clerk (hosted services with similar features), or self-hosted options such as Keycloak, or a library like Auth.js or Passport.js with sessions stored in our own database. Each moves the balance between convenience, cost and control.':
      'Entre las alternativas están Auth0 y Okta (plataformas de identidad empresariales con reglas avanzadas e inicio de sesión único), Amazon Cognito, Microsoft Entra ID, Supabase Auth y Clerk (servicios alojados con funciones parecidas), opciones autoalojadas como Keycloak, o una biblioteca como Auth.js o Passport.js con las sesiones guardadas en nuestra propia base de datos. Cada una mueve el equilibrio entre comodidad, coste y control.',
    'What other services does Firebase offer?': '¿Qué otros servicios ofrece Firebase?',
    'Authentication is one of many Firebase products. Cloud Firestore and the Realtime Database are hosted NoSQL databases that sync data to apps live; Cloud Storage keeps user files such as photos; Firebase Hosting and App Hosting serve websites and web apps over a global CDN; and Cloud Functions run server code in response to events or HTTP requests.':
      'Authentication es uno de los muchos productos de Firebase. Cloud Firestore y Realtime Database son bases de datos NoSQL alojadas que sincronizan los datos con las aplicaciones en tiempo real; Cloud Storage guarda archivos de los usuarios, como fotos; Firebase Hosting y App Hosting sirven sitios y aplicaciones web a través de una CDN global; y Cloud Functions ejecuta código de servidor en respuesta a eventos o solicitudes HTTP.',
    'Alongside those, Firebase Cloud Messaging sends push notifications, Remote Config and A/B Testing change an app’s behaviour without a new release, Analytics, Crashlytics and Performance Monitoring show how an app is used and where it fails, App Check protects back ends from abuse, Data Connect offers a managed PostgreSQL database, and Firebase AI Logic (formerly Vertex AI in Firebase) brings Gemini models into apps.':
      'Junto a ellos, Firebase Cloud Messaging envía notificaciones push; Remote Config y A/B Testing cambian el comportamiento de una aplicación sin publicar una versión nueva; Analytics, Crashlytics y Performance Monitoring muestran cómo se usa una aplicación y dónde falla; App Check protege los servidores frente a abusos; Data Connect ofrece una base de datos PostgreSQL gestionada; y Firebase AI Logic (antes Vertex AI in Firebase) lleva los modelos Gemini a las aplicaciones.',
    'Next departures': 'Próximas salidas',
    'Price: ': 'Precio: ',
    'from ': 'desde ',
    ' / person': ' / persona',
    Purchase: 'Reservar',
    'Loading packages…': 'Cargando paquetes…',
    'Travel packages': 'Paquetes de viaje',
    'Dates on request: call or write to us': 'Fechas a consultar: llámenos o escríbanos',
    'Dates on the trip’s page': 'Fechas en la página del viaje',
    'About the developer': 'Sobre la desarrolladora',
    'Meet Maya Okafor, the full-stack developer behind the Wayfarer Tours website: skills, background and how to get in touch.':
      'Conozca a Maya Okafor, la desarrolladora full-stack detrás de la web de Wayfarer Tours: sus habilidades, su trayectoria y cómo contactar con ella.',
    'Blogs: questions about signing in': 'Blogs: preguntas sobre el inicio de sesión',
    'Authentication versus authorization, why Wayfarer Tours uses Firebase Authentication and its alternatives, and the other services Firebase offers.':
      'Autenticación frente a autorización, por qué Wayfarer Tours usa Firebase Authentication y sus alternativas, y los demás servicios que ofrece Firebase.',
    'Questions travellers ask us': 'Preguntas que nos hacen los viajeros',
    'How signing in to Wayfarer Tours works, and why we built it the way we did.':
      'Cómo funciona el inicio de sesión en Wayfarer Tours y por qué lo construimos así.',
    'Small-group tours with local guides: Swiss lakes, Santorini, the Sahara, Kyoto, the Amazon, Arctic Norway and Patagonia. Browse packages and book online.':
      'Viajes en grupos pequeños con guías locales: los lagos suizos, Santorini, el Sáhara, Kioto, el Amazonas, la Noruega ártica y la Patagonia. Consulte los paquetes y reserve en línea.',
    'Travel further, with someone who knows the way.': 'Viaje más lejos, con alguien que conoce el camino.',
    'Hand-planned journeys for groups of twelve or fewer, led by guides who call each destination home.':
      'Viajes planificados a mano para grupos de doce personas o menos, con guías para quienes cada destino es su hogar.',
    'See packages': 'Ver paquetes',
    'Journeys for this season': 'Viajes para esta temporada',
    'Every package includes a local guide, hand-picked stays and transfers. Prices are per person.':
      'Todos los paquetes incluyen guía local, alojamientos escogidos y traslados. Los precios son por persona.',
    'From the journal': 'Del diario de viaje',
    'Featured Blogs': 'Blogs destacados',
    'Page not found | Wayfarer Tours': 'Página no encontrada | Wayfarer Tours',
    'This page does not exist.': 'Esta página no existe.',
    'A folded map with a dotted trail that ends in a red cross, beside a compass':
      'Un mapa doblado con un sendero punteado que termina en una cruz roja, junto a una brújula',
    '404: this trail leads nowhere': '404: este sendero no lleva a ninguna parte',
    'The page you were looking for has moved or never existed.':
      'La página que buscaba se ha movido o nunca existió.',
    'Back to home': 'Volver al inicio',
    'There is no account with this Email': 'No hay ninguna cuenta con este correo electrónico',
    'This email already have an account.': 'Este correo electrónico ya tiene una cuenta.',
    'You have entered wrong Password.': 'La contraseña que ha introducido no es correcta.',
    'Incorrect email or password.': 'Correo electrónico o contraseña incorrectos.',
    'Something went wrong. Please try again.': 'Algo salió mal. Inténtelo de nuevo.',
    'Password Must Be 6 Character long': 'La contraseña debe tener al menos 6 caracteres',
    'Password did not match...!': 'Las contraseñas no coinciden',
    'Welcome back': 'Hola de nuevo',
    'Log in to book a package and see your trips.':
      'Inicie sesión para reservar un paquete y ver sus viajes.',
    Login: 'Iniciar sesión',
    'Create your account': 'Cree su cuenta',
    'It takes a minute, and your bookings stay with you.':
      'Solo lleva un minuto, y sus reservas quedan guardadas en ella.',
    'Sign Up': 'Registrarse',
    'Reset your password': 'Restablezca su contraseña',
    'We will email you a link to choose a new password.':
      'Le enviaremos por correo un enlace para elegir una contraseña nueva.',
    'Send reset link': 'Enviar enlace',
    'Register Successful...!': '¡Registro completado!',
    'Check your email.': 'Revise su correo electrónico.',
    Name: 'Nombre',
    Password: 'Contraseña',
    'Confirm Password': 'Confirmar contraseña',
    'Please wait…': 'Espere, por favor…',
    'Forgot Password?': '¿Olvidó su contraseña?',
    or: 'o',
    'Continue with Google': 'Continuar con Google',
    'New to Wayfarer?': '¿Es nuevo en Wayfarer?',
    'Already have an account?': '¿Ya tiene una cuenta?',
    'Back To Login': 'Volver a iniciar sesión',
    'Log in or sign up': 'Inicie sesión o regístrese',
    'Log in to Wayfarer Tours, create an account, or reset your password.':
      'Inicie sesión en Wayfarer Tours, cree una cuenta o restablezca su contraseña.',
    'Log in or sign up to book {trip}': 'Inicie sesión o regístrese para reservar {trip}',
    'Log in or sign up to book this trip': 'Inicie sesión o regístrese para reservar este viaje',
    'Checking your sign-in…': 'Comprobando su sesión…',
    '{label} must not contain control characters (invisible codes).':
      '{label} no debe contener caracteres de control (códigos invisibles).',
    '{label} must not contain control characters (such as line breaks or invisible codes).':
      '{label} no debe contener caracteres de control (como saltos de línea o códigos invisibles).',
    '{label} must be text.': '{label} debe ser un texto.',
    '{label} must be at most {max} characters.': '{label} debe tener como máximo {max} caracteres.',
    // The API client's own messages when no answer says more (src/lib/api-client.ts), and a
    // field's length note (src/components/field.tsx).
    'You appear to be offline. Check your connection and try again.':
      'Parece que no tiene conexión. Compruébela e inténtelo de nuevo.',
    'Your session has expired. Please log in again.': 'Su sesión ha caducado. Vuelva a iniciar sesión.',
    'Too many requests. Please wait a minute and try again.':
      'Demasiadas solicitudes. Espere un minuto e inténtelo de nuevo.',
    'Our booking service is unavailable right now. Please try again in a moment.':
      'Nuestro servicio de reservas no está disponible ahora mismo. Inténtelo de nuevo en un momento.',
    'We could not find that.': 'No lo hemos encontrado.',
    'Please log in again to continue.': 'Vuelva a iniciar sesión para continuar.',
    'We could not reach our server. Check your connection and try again.':
      'No hemos podido conectar con nuestro servidor. Compruebe su conexión e inténtelo de nuevo.',
    'At most {max} characters: this is {over} too many.': 'Como máximo {max} caracteres: sobran {over}.',
    '{n} of {max} characters': '{n} de {max} caracteres',
    // The card checkout's refusals (server/src/payments), a booking's Idempotency-Key, and a
    // personal link's invitation limits (server/src/guest-links/repository.ts).
    'Card payments are not offered: please pay by bank transfer as shown with your booking.':
      'No se aceptan pagos con tarjeta: pague por transferencia bancaria como se indica en su reserva.',
    'Card payments cannot be started just now. Nothing was charged: please try again in a minute.':
      'Ahora mismo no se puede iniciar el pago con tarjeta. No se ha cobrado nada: inténtelo de nuevo dentro de un minuto.',
    'This booking is cancelled: there is nothing to pay.':
      'Esta reserva está cancelada: no hay nada que pagar.',
    'The deposit is paid: there is no deposit to pay.': 'El depósito está pagado: no hay depósito que pagar.',
    'Your share is paid: there is nothing more to pay.': 'Su parte está pagada: no queda nada por pagar.',
    'This booking is paid: there is nothing more to pay.':
      'Esta reserva está pagada: no queda nada por pagar.',
    'The Idempotency-Key header must be 1 to 128 visible ASCII characters.':
      'La cabecera Idempotency-Key debe tener de 1 a 128 caracteres ASCII visibles.',
    'This Idempotency-Key was already used for a different booking.':
      'Esta Idempotency-Key ya se usó para otra reserva.',
    'This booking has 1 traveller: there is no traveller {position}.':
      'Esta reserva tiene 1 viajero: no hay viajero {position}.',
    'This booking has {count} travellers: there is no traveller {position}.':
      'Esta reserva tiene {count} viajeros: no hay viajero {position}.',
    'This booking has sent 1 invitation today, as many as it may. Please try again tomorrow.':
      'Esta reserva ya ha enviado hoy 1 invitación, todas las que puede. Inténtelo de nuevo mañana.',
    'This booking has sent {count} invitations today, as many as it may. Please try again tomorrow.':
      'Esta reserva ya ha enviado hoy {count} invitaciones, todas las que puede. Inténtelo de nuevo mañana.',
    'Your account has sent 1 invitation today, as many as it may. Please try again tomorrow.':
      'Su cuenta ya ha enviado hoy 1 invitación, todas las que puede. Inténtelo de nuevo mañana.',
    'Your account has sent {count} invitations today, as many as it may. Please try again tomorrow.':
      'Su cuenta ya ha enviado hoy {count} invitaciones, todas las que puede. Inténtelo de nuevo mañana.',
    'Please enter your phone number.': 'Introduzca su número de teléfono.',
    'Use digits, spaces and + ( ) - . only in a phone number, with + only at the start.':
      'Use solo dígitos, espacios y + ( ) - . en el número de teléfono, con el + únicamente al principio.',
    'A phone number needs at least {min} digits.': 'Un número de teléfono necesita al menos {min} dígitos.',
    'A phone number has at most {max} digits.': 'Un número de teléfono tiene como máximo {max} dígitos.',
    'A phone number is at most {max} characters long.':
      'Un número de teléfono tiene como máximo {max} caracteres.',
    'Choose a package.': 'Elija un paquete.',
    'Unknown package.': 'Paquete desconocido.',
    'Choose a departure date.': 'Elija una fecha de salida.',
    'This departure does not exist.': 'Esta salida no existe.',
    'Please enter your name.': 'Introduzca su nombre.',
    'Email must be text.': 'El correo electrónico debe ser un texto.',
    'Please enter your email.': 'Introduzca su correo electrónico.',
    'Please enter a valid email address.': 'Introduzca una dirección de correo electrónico válida.',
    Address: 'Dirección',
    'Please enter your address.': 'Introduzca su dirección.',
    'Travellers must be a whole number from {min} to {max}.':
      'El número de viajeros debe ser un número entero de {min} a {max}.',
    'At least {min} traveller.': 'Al menos {min} viajero.',
    'At most {max} travellers a booking.': 'Como máximo {max} viajeros por reserva.',
    'The language must be en or es.': 'El idioma debe ser en o es.',
    '{count} days': { one: '{count} día', other: '{count} días' },
    'No payment is taken now: we confirm your places within two working days.':
      'Ahora no se cobra nada: confirmamos sus plazas en un máximo de dos días laborables.',
    'This date is less than {days} away, so it cannot be cancelled online.':
      'Faltan menos de {days} para esta fecha, así que no se puede cancelar en línea.',
    'To cancel or change it, call us on {phone} or write to {email} and we will help.':
      'Para cancelarla o cambiarla, llámenos al {phone} o escriba a {email} y le ayudaremos.',
    'Free cancellation online, from My bookings, until {days} before the departure.':
      'Cancelación gratuita en línea, desde Mis reservas, hasta {days} antes de la salida.',
    'After that, call us on {phone} or write to {email} and we will help.':
      'Después, llámenos al {phone} o escriba a {email} y le ayudaremos.',
    Requested: 'Solicitada',
    Confirmed: 'Confirmada',
    Cancelled: 'Cancelada',
    Card: 'Tarjeta',
    'Bank transfer': 'Transferencia bancaria',
    Cash: 'Efectivo',
    Other: 'Otro',
    'at {time}': 'a las {time}',
    '{brand} booking {reference}: {travellers}.': 'Reserva {reference} de {brand}: {travellers}.',
    '{count} travellers': { one: '{count} viajero', other: '{count} viajeros' },
    'Meeting {meeting}.': 'Punto de encuentro: {meeting}.',
    'Questions: {phone}, {email}.': 'Dudas: {phone}, {email}.',
    You: 'Usted',
    'Hi {name},': 'Hola, {name}:',
    'Hello,': 'Hola:',
    'Questions? Reply to this email, write to {email} or call {phone}.':
      '¿Alguna pregunta? Responda a este correo, escriba a {email} o llame al {phone}.',
    'View my bookings': 'Ver mis reservas',
    'Booking reference': 'Referencia de la reserva',
    Package: 'Paquete',
    Departure: 'Salida',
    Travellers: 'Viajeros',
    'Price per person': 'Precio por persona',
    Total: 'Total',
    Status: 'Estado',
    'Meeting point': 'Punto de encuentro',
    'Meeting time': 'Hora de encuentro',
    'Paid so far': 'Pagado hasta ahora',
    'Deposit due': 'Depósito pendiente',
    'Balance due': 'Saldo pendiente',
    '{amount} by {date}': '{amount} antes del {date}',
    'We owe you': 'Le debemos',
    'How to pay: {instructions} Your reference: {reference}.':
      'Cómo pagar: {instructions} Su referencia: {reference}.',
    // The default PAYMENT_INSTRUCTIONS (server/src/money/settings.ts); the brand's own are shown as written.
    'Pay by bank transfer to Wayfarer Tours, IBAN US00 WAYF 0000 0000 0000 00, BIC WAYFUS00. Write your booking reference as the transfer reference.':
      'Pague por transferencia bancaria a Wayfarer Tours, IBAN US00 WAYF 0000 0000 0000 00, BIC WAYFUS00. Indique la referencia de su reserva como concepto de la transferencia.',
    'How to pay: by card with {card} in My bookings, or by bank transfer. {instructions} Your reference: {reference}.':
      'Cómo pagar: con tarjeta, con {card} en Mis reservas, o por transferencia bancaria. {instructions} Su referencia: {reference}.',
    'We will send {amount} back to you the way you paid, and email you when it is on its way.':
      'Le devolveremos {amount} por el mismo medio con el que pagó y le avisaremos por correo cuando esté en camino.',
    'Refund of {amount} recorded – {reference} – {trip}':
      'Reembolso de {amount} registrado – {reference} – {trip}',
    'Payment of {amount} recorded – {reference} – {trip}':
      'Pago de {amount} registrado – {reference} – {trip}',
    'Your refund is on its way': 'Su reembolso está en camino',
    'Thank you for your payment': 'Gracias por su pago',
    'We have refunded {amount} ({method}) for your booking of {trip}.':
      'Le hemos reembolsado {amount} ({method}) por su reserva de {trip}.',
    'We have received {amount} ({method}) for your booking of {trip}. This email is your receipt.':
      'Hemos recibido {amount} ({method}) por su reserva de {trip}. Este correo es su recibo.',
    Refunded: 'Reembolsado',
    Received: 'Recibido',
    'Balance of {due} due {on} – {reference} – {trip}':
      'Saldo de {due} con vencimiento el {on} – {reference} – {trip}',
    'Your balance is due soon': 'El pago del saldo vence pronto',
    'Your trip is getting closer: the balance of {due} for {trip} is due on {on}, in {days}.':
      'Su viaje se acerca: el saldo de {due} de {trip} vence el {on}, dentro de {days}.',
    'Your trip is getting closer: the balance of {due} for {trip} is due on {on}.':
      'Su viaje se acerca: el saldo de {due} de {trip} vence el {on}.',
    'Payment overdue – {reference} – {trip}': 'Pago vencido – {reference} – {trip}',
    'Your balance is overdue': 'Su saldo está vencido',
    'The balance of {due} for {trip} was due on {on} and we have not received it yet. Please pay it as soon as you can, or tell us if anything is wrong: your places are kept while we talk.':
      'El saldo de {due} de {trip} vencía el {on} y todavía no lo hemos recibido. Páguelo en cuanto pueda, o díganos si hay algún problema: mantenemos sus plazas mientras lo hablamos.',
    'Booking {reference} received – {trip}': 'Reserva {reference} recibida – {trip}',
    'Booking {reference} confirmed – {trip}': 'Reserva {reference} confirmada – {trip}',
    'Booking {reference} cancelled – {trip}': 'Reserva {reference} cancelada – {trip}',
    'We have your booking request': 'Hemos recibido su solicitud de reserva',
    'Thank you for booking {trip} with {brand}. We have received your request and will confirm it by email shortly.':
      'Gracias por reservar {trip} con {brand}. Hemos recibido su solicitud y se la confirmaremos por correo en breve.',
    'Free cancellation online': 'Cancelación gratuita en línea',
    'Cancel online': 'Cancelación en línea',
    'Your booking is confirmed': 'Su reserva está confirmada',
    'Good news: your booking for {trip} is confirmed. Your guide and your group are looking forward to meeting you.':
      'Buenas noticias: su reserva de {trip} está confirmada. Su guía y su grupo tienen muchas ganas de conocerle.',
    'The trip is attached as a calendar file: open it to add the date to your calendar.':
      'Adjuntamos el viaje como archivo de calendario: ábralo para añadir la fecha a su calendario.',
    'Cancelled by': 'Cancelada por',
    Reason: 'Motivo',
    'Your booking is cancelled': 'Su reserva está cancelada',
    'As you asked, we have cancelled your booking for {trip}. Its seats are released.':
      'Tal como nos pidió, hemos cancelado su reserva de {trip}. Sus plazas quedan liberadas.',
    'We are sorry: {brand} has cancelled your booking for {trip}.':
      'Lo sentimos: {brand} ha cancelado su reserva de {trip}.',
    'If this is not what you expected, or you would like to travel another time, we are glad to help.':
      'Si no es lo que esperaba, o le gustaría viajar en otro momento, estaremos encantados de ayudarle.',
    'Traveller details needed – {trip}, {date}': 'Faltan datos de viajero – {trip}, {date}',
    'Your travel details are requested – {trip}': 'Le pedimos sus datos de viaje – {trip}',
    'Traveller details needed': 'Faltan datos de viajero',
    'Your details for the trip': 'Sus datos para el viaje',
    'Your trip with {lead} is getting closer and your details are still missing. Please add your full name, date of birth and an emergency contact: the guide needs them at the meeting point.':
      'Su viaje con {lead} se acerca y todavía faltan sus datos. Añada su nombre completo, su fecha de nacimiento y un contacto de emergencia: el guía los necesita en el punto de encuentro.',
    '{lead} booked {trip} with you and asks you to fill in your own details for the guide: your full name, date of birth, dietary needs and an emergency contact. No account is needed.':
      '{lead} ha reservado {trip} con usted y le pide que rellene sus propios datos para el guía: su nombre completo, su fecha de nacimiento, sus necesidades alimentarias y un contacto de emergencia. No necesita ninguna cuenta.',
    'Booked by': 'Reservado por',
    'Fill in by': 'Rellenar antes del',
    'Fill in my details': 'Rellenar mis datos',
    'This link is yours alone: please do not forward it. It replaces any link we sent you before.':
      'Este enlace es solo para usted: no lo reenvíe. Sustituye a cualquier enlace que le hayamos enviado antes.',
    'This link is yours alone: please do not forward it.': 'Este enlace es solo para usted: no lo reenvíe.',
    // A booking changed, a trip coming up, the details still missing, a departure's message, a
    // move of the date and the waiting list's emails (server/src/mail/templates.ts).
    'Departure before': 'Salida anterior',
    'Travellers before': 'Número de viajeros anterior',
    'Price per person before': 'Precio por persona anterior',
    'Total before': 'Total anterior',
    'Your booking has changed – {reference} – {trip}': 'Su reserva ha cambiado – {reference} – {trip}',
    'Your booking has changed': 'Su reserva ha cambiado',
    'Your booking has changed. Here is your booking for {trip} as it stands now, with what it was before.':
      'Su reserva ha cambiado. Esta es su reserva de {trip} tal como queda ahora, junto a lo que era antes.',
    'The new date is attached as a calendar file: open it to update your calendar.':
      'Adjuntamos la nueva fecha como archivo de calendario: ábralo para actualizar su calendario.',
    'Your trip is coming up – {trip}, {date}': 'Su viaje se acerca – {trip}, {date}',
    'Your trip is coming up': 'Su viaje se acerca',
    '{trip} starts on {date}. Here is what you need for the day.':
      '{trip} empieza el {date}. Esto es lo que necesita para ese día.',
    'We will send you the meeting point and time before the trip.':
      'Le enviaremos el punto y la hora de encuentro antes del viaje.',
    "Your booking and your travellers' details are in My bookings.":
      'Su reserva y los datos de sus viajeros están en Mis reservas.',
    "Your booking and your travellers' details are in My bookings on our website.":
      'Su reserva y los datos de sus viajeros están en Mis reservas, en nuestra web.',
    'On the day, call us on {phone} if you are running late or cannot find the group.':
      'Ese día, llámenos al {phone} si llega tarde o no encuentra al grupo.',
    'Add details in My bookings': 'Añadir los datos en Mis reservas',
    "Your trip is getting closer. Before you travel we need every traveller's full name, date of birth and an emergency contact. Please add what is missing in My bookings.":
      'Su viaje se acerca. Antes de viajar necesitamos el nombre completo, la fecha de nacimiento y un contacto de emergencia de cada viajero. Añada lo que falta en Mis reservas.',
    "Your trip is getting closer. Before you travel we need every traveller's full name, date of birth and an emergency contact. Please add what is missing in My bookings on our website.":
      'Su viaje se acerca. Antes de viajar necesitamos el nombre completo, la fecha de nacimiento y un contacto de emergencia de cada viajero. Añada lo que falta en Mis reservas, en nuestra web.',
    'Still missing': 'Faltan datos de',
    ' (you)': ' (usted)',
    ' (invited)': ' (invitado)',
    '{count} seats': { one: '{count} plaza', other: '{count} plazas' },
    'Seats are free on {trip} – {date}': 'Hay plazas libres en {trip} – {date}',
    'Seats are free for you': 'Hay plazas libres para usted',
    'Seats came free on {trip} for {date}, and we are holding {seats} for your party until {deadline}. Accept the offer in My bookings to turn it into a booking request; after that the seats go to the next traveller waiting.':
      'Se han liberado plazas en {trip} para el {date} y le guardamos {seats} para su grupo hasta el {deadline}. Acepte la oferta en Mis reservas para convertirla en una solicitud de reserva; pasado ese plazo, las plazas serán para el siguiente viajero en espera.',
    'Accept in My bookings': 'Aceptar en Mis reservas',
    'Sign in on our website and open My bookings ({path}) to accept.':
      'Inicie sesión en nuestra web y abra Mis reservas ({path}) para aceptarla.',
    'Seats held': 'Plazas guardadas',
    'Offer open until': 'Oferta válida hasta el',
    'New date for your trip: {newDate} – {reference} – {trip}':
      'Nueva fecha para su viaje: {newDate} – {reference} – {trip}',
    'Your departure will not run: a new date for you':
      'Su salida no se realizará: le proponemos una nueva fecha',
    'We are sorry: {trip} on {oldDate} will not run. We are holding {seats} for your party on {newDate} until {deadline}.':
      'Lo sentimos: {trip} del {oldDate} no se realizará. Le guardamos {seats} para su grupo el {newDate} hasta el {deadline}.',
    'The new date costs less, so your price drops to {price} per person: {total} in all instead of {before}.':
      'La nueva fecha cuesta menos, así que su precio baja a {price} por persona: {total} en total en lugar de {before}.',
    'Your price stays the same: {price} per person, {total} in all.':
      'Su precio no cambia: {price} por persona, {total} en total.',
    "Accept with the link below to move your booking to the new date: your travellers' details stay as they are. Or decline, and we cancel the booking with nothing to pay. If we hear nothing by {deadline}, the booking is cancelled. You can also call us to answer.":
      'Acepte con el enlace de abajo para pasar su reserva a la nueva fecha: los datos de sus viajeros se mantienen. O rechácela y cancelaremos la reserva sin nada que pagar. Si no sabemos nada de usted antes del {deadline}, la reserva se cancelará. También puede llamarnos para responder.',
    "Accept in My bookings to move your booking to the new date: your travellers' details stay as they are. Or decline, and we cancel the booking with nothing to pay. If we hear nothing by {deadline}, the booking is cancelled. You can also call us to answer.":
      'Acepte en Mis reservas para pasar su reserva a la nueva fecha: los datos de sus viajeros se mantienen. O rechácela y cancelaremos la reserva sin nada que pagar. Si no sabemos nada de usted antes del {deadline}, la reserva se cancelará. También puede llamarnos para responder.',
    'Sign in on our website and open My bookings ({path}) to answer.':
      'Inicie sesión en nuestra web y abra Mis reservas ({path}) para responder.',
    'Accept or decline the new date': 'Aceptar o rechazar la nueva fecha',
    'Accept or decline in My bookings': 'Aceptar o rechazar en Mis reservas',
    'New departure': 'Nueva salida',
    'Answer by': 'Responder antes del',
    'The departure did not run': 'La salida no se realizó',
    'Your party': 'Su grupo',
    'The other dates of {trip} are on our website, and My bookings shows your waiting lists.':
      'Las demás fechas de {trip} están en nuestra web, y en Mis reservas puede ver sus listas de espera.',
    '{date} will not run – {trip}': 'La salida del {date} no se realizará – {trip}',
    'This departure will not run': 'Esta salida no se realizará',
    'We are sorry: {trip} on {date} will not run, so its waiting list is closed.':
      'Lo sentimos: {trip} del {date} no se realizará, así que su lista de espera queda cerrada.',
    'Your place on the waiting list is closed – {trip}, {date}':
      'Su plaza en la lista de espera se ha cerrado – {trip}, {date}',
    'Your place on the waiting list is closed': 'Su plaza en la lista de espera se ha cerrado',
    'The date now has {seats} in all, fewer than your party of {travellers}: your place on its waiting list is closed.':
      'Ahora la fecha tiene {seats} en total, menos que las personas de su grupo ({travellers}): su plaza en la lista de espera se ha cerrado.',
    'Seats on the date': 'Plazas en la fecha',
    // Joining a full date's waiting list (src/features/booking/components/booking-form.tsx).
    'The waiting list could not be joined. Please try again.':
      'No se ha podido entrar en la lista de espera. Inténtelo de nuevo.',
    'You are on the waiting list': 'Está en la lista de espera',
    'Join the waiting list': 'Apuntarse a la lista de espera',
    'We hold seats for your party of {travellers} on {date} as soon as they come free, and email you. Accept the offer in ':
      'En cuanto se liberen plazas para su grupo de {travellers} el {date}, se las guardamos y le escribimos. Acepte la oferta en ',
    'You were already on this list for {travellers}: to wait for {wanted} instead, leave it in My bookings and join again.':
      'Ya estaba en esta lista para {travellers}: para esperar plazas para {wanted}, salga de ella en Mis reservas y apúntese de nuevo.',
    '{date} is sold out.': 'El {date} está completo.',
    'Wait for a seat: when one comes free we hold it for you and email you.':
      'Espere una plaza: cuando se libere una, se la guardamos y le escribimos.',
    'Wait for {travellers} travellers together: when seats come free we hold them for your whole party and email you.':
      'Esperen juntos los {travellers} viajeros: cuando se liberen plazas, las guardamos para todo su grupo y le escribimos.',
    'Joining…': 'Apuntándose…',
    'Only {count} seats are left on {date}.': {
      one: 'Solo queda {count} plaza el {date}.',
      other: 'Solo quedan {count} plazas el {date}.',
    },
    // The booking form, its dates and terms, the package page and the thank-you page around it
    // (src/features/booking/components/booking-form.tsx, departure-picker.tsx, contracts/payment.ts,
    // src/routes/package.tsx, src/components/verify-email-note.tsx), and the server's answers they
    // show (server/src/bookings, server/src/waitlist), numbers as placeholders for `known`.
    'Only {count} seats left on {date}: choose {count} travellers or fewer, or another date.': {
      one: 'Solo queda {count} plaza el {date}: elija {count} viajero u otra fecha.',
      other: 'Solo quedan {count} plazas el {date}: elija {count} viajeros o menos, u otra fecha.',
    },
    '{date} is closed for booking now. Please choose another date.':
      'El {date} ya no admite reservas. Elija otra fecha.',
    '{date} is sold out now. Join its waiting list below, or choose another date.':
      'El {date} ya está completo. Apúntese a su lista de espera, más abajo, o elija otra fecha.',
    '{date} is sold out, so it cannot be booked. Join its waiting list, or choose another date.':
      'El {date} está completo, así que no se puede reservar. Apúntese a su lista de espera o elija otra fecha.',
    'Guaranteed departure': 'Salida garantizada',
    '{count} more travellers to guarantee this date': {
      one: 'Falta {count} viajero más para garantizar esta fecha',
      other: 'Faltan {count} viajeros más para garantizar esta fecha',
    },
    'No departure of this trip can be booked right now: every date is sold out or closed.':
      'Ahora mismo no se puede reservar ninguna salida de este viaje: todas las fechas están completas o cerradas.',
    'Something went wrong. Your details are kept: please try again.':
      'Algo salió mal. Sus datos se conservan: inténtelo de nuevo.',
    'Loading the departure dates…': 'Cargando las fechas de salida…',
    'The departure dates could not be loaded.': 'No se han podido cargar las fechas de salida.',
    'You can still book: we will put you on the earliest date with room for your party.':
      'Aun así puede reservar: le asignaremos la primera fecha con plazas para todo su grupo.',
    Retry: 'Reintentar',
    'No open dates': 'No hay fechas abiertas',
    'No departures are scheduled for this trip yet.': 'Todavía no hay salidas programadas para este viaje.',
    'Every date of this trip is sold out or closed right now.':
      'Ahora mismo todas las fechas de este viaje están completas o cerradas.',
    'Call us on ': 'Llámenos al ',
    ' or write to': ' o escríbanos a',
    ' and we will find you a place.': ' y le buscaremos una plaza.',
    'Up to {count} on this date.': 'Hasta {count} en esta fecha.',
    'Up to {count} a booking: our groups stay small.':
      'Hasta {count} por reserva: nuestros grupos son pequeños.',
    ' per traveller': ' por viajero',
    Closed: 'Cerrada',
    'Sold out · waiting list': 'Completa · en espera',
    'Last seat': 'Última plaza',
    '{count} seats left': { one: '{count} plaza libre', other: '{count} plazas libres' },
    Guaranteed: 'Garantizada',
    ', guaranteed departure': ', salida garantizada',
    ', {price} per person': ', {price} por persona',
    'Show fewer dates': 'Mostrar menos fechas',
    'Show {count} more dates': { one: 'Mostrar {count} fecha más', other: 'Mostrar {count} fechas más' },
    // A no-break space before the sign, as Spanish writes a percentage ("50 %").
    '{percent}%': '{percent}\u00a0%',
    '{count} hours': { one: '{count} hora', other: '{count} horas' },
    'No deposit: nothing is due until the balance.': 'Sin depósito: no hay nada que pagar hasta el saldo.',
    'Deposit: {percent} of the total, due within {time} of booking. Paying it confirms your places.':
      'Depósito: el {percent} del total, a pagar en un plazo de {time} desde la reserva. Al pagarlo, sus plazas quedan confirmadas.',
    'Balance: due by the day of departure.': 'Saldo: a pagar como muy tarde el día de la salida.',
    'Balance: due {count} days before the departure (book later than that and everything is due at once).': {
      one: 'Saldo: a pagar {count} día antes de la salida (si reserva más tarde, se paga todo de una vez).',
      other:
        'Saldo: a pagar {count} días antes de la salida (si reserva más tarde, se paga todo de una vez).',
    },
    'If you cancel, we keep the deposit.': 'Si cancela, nos quedamos con el depósito.',
    'If you cancel, we keep the larger of the deposit and {tiers} the departure.':
      'Si cancela, nos quedamos con la cantidad mayor entre el depósito y {tiers} de la salida.',
    '{percent} of the total fewer than {count} days before': {
      one: 'el {percent} del total a menos de {count} día',
      other: 'el {percent} del total a menos de {count} días',
    },
    ', or ': ', o ',
    'Loading the package…': 'Cargando el paquete…',
    'Package not found': 'Paquete no encontrado',
    'We could not find a package called “': 'No hemos encontrado ningún paquete llamado «',
    '”. It may have been retired, or the link is mistyped.':
      '». Puede que ya no se ofrezca o que el enlace esté mal escrito.',
    'See all packages': 'Ver todos los paquetes',
    'The packages could not be loaded (HTTP {status}).':
      'No se han podido cargar los paquetes (HTTP {status}).',
    'The packages could not be read.': 'No se han podido leer los paquetes.',
    'You appear to be offline, so the packages could not be loaded.':
      'Parece que no tiene conexión, así que no se han podido cargar los paquetes.',
    'The packages could not be loaded. Please check your connection.':
      'No se han podido cargar los paquetes. Compruebe su conexión.',
    'Confirm your email address to get every email about your bookings':
      'Confirme su dirección de correo electrónico para recibir todos los correos sobre sus reservas',
    Resend: 'Reenviar',
    'We sent a new link to {email}.': 'Le hemos enviado un enlace nuevo a {email}.',
    'We could not send it just now. Please try again in a few minutes.':
      'No hemos podido enviarlo ahora. Inténtelo de nuevo dentro de unos minutos.',
    'This package does not exist.': 'Este paquete no existe.',
    'This departure belongs to another package.': 'Esta salida pertenece a otro paquete.',
    'This departure is closed for booking. Please choose another date.':
      'Esta salida no admite reservas. Elija otra fecha.',
    'This departure has already left. Please choose another date.':
      'Esta salida ya ha partido. Elija otra fecha.',
    'This trip has no open departures right now. Please contact us for other dates.':
      'Ahora mismo este viaje no tiene salidas abiertas. Contacte con nosotros para consultar otras fechas.',
    'No departure of this trip has {travellers} seats left. Please choose fewer travellers.':
      'Ninguna salida de este viaje tiene {travellers} plazas libres. Elija menos viajeros.',
    'This departure is sold out. Please choose another date.': 'Esta salida está completa. Elija otra fecha.',
    'Only {count} seat is left on this departure, not {travellers}. Please choose fewer travellers or another date.':
      'Solo queda {count} plaza en esta salida, no {travellers}. Elija menos viajeros u otra fecha.',
    'Only {count} seats are left on this departure, not {travellers}. Please choose fewer travellers or another date.':
      'Solo quedan {count} plazas en esta salida, no {travellers}. Elija menos viajeros u otra fecha.',
    'You already hold {count} seats in bookings awaiting confirmation, and {adding} more would pass the limit of {max} per traveller. Please wait until we confirm them, or cancel one you no longer need.':
      'Ya tiene {count} plazas en reservas pendientes de confirmar, y {adding} más superarían el límite de {max} por viajero. Espere a que las confirmemos o cancele alguna que ya no necesite.',
    'This date has {count} seat in all: a party of {travellers} cannot travel on it. Choose another date or fewer travellers.':
      'Esta fecha tiene {count} plaza en total: un grupo de {travellers} no puede viajar en ella. Elija otra fecha o menos viajeros.',
    'This date has {count} seats in all: a party of {travellers} cannot travel on it. Choose another date or fewer travellers.':
      'Esta fecha tiene {count} plazas en total: un grupo de {travellers} no puede viajar en ella. Elija otra fecha o menos viajeros.',
    'You are already on {count} waiting list, the most one traveller may join ({max}). Please leave one you no longer need first.':
      'Ya está en {count} lista de espera, el máximo para un viajero ({max}). Salga antes de alguna que ya no necesite.',
    'You are already on {count} waiting lists, the most one traveller may join ({max}). Please leave one you no longer need first.':
      'Ya está en {count} listas de espera, el máximo para un viajero ({max}). Salga antes de alguna que ya no necesite.',
    'This departure is closed: it has no waiting list.':
      'Esta salida está cerrada: no tiene lista de espera.',
    'This departure has already left.': 'Esta salida ya ha partido.',
    '{count} seat is left on this departure: book them instead of waiting.':
      'Queda {count} plaza libre en esta salida: resérvela en lugar de esperar.',
    '{count} seats are left on this departure: book them instead of waiting.':
      'Quedan {count} plazas libres en esta salida: resérvelas en lugar de esperar.',
    'This offer became a booking: cancel the booking in My bookings instead.':
      'Esta oferta ya es una reserva: cancele la reserva en Mis reservas.',
    'This offer has expired: the entry is no longer on the list.':
      'Esta oferta ha caducado: ya no figura en la lista.',
    'No seats are offered to this entry yet: we email you as soon as they are.':
      'Todavía no le ofrecemos plazas en esta lista: le escribiremos en cuanto las haya.',
    'You left this waiting list.': 'Ha salido de esta lista de espera.',
    'This offer has expired and its seats went to the next traveller waiting.':
      'Esta oferta ha caducado y sus plazas han pasado al siguiente viajero en espera.',
    'This entry cannot be accepted.': 'Esta inscripción no se puede aceptar.',
    'This departure is closed for booking now. Please contact us or choose another date.':
      'Esta salida ya no admite reservas. Contacte con nosotros o elija otra fecha.',
    'This trip is no longer offered. Please contact us.':
      'Este viaje ya no se ofrece. Contacte con nosotros.',
    'No such departure.': 'Esta salida no existe.',
    'No such waiting-list entry.': 'Esta inscripción en la lista de espera no existe.',
    // The screens a traveller reaches from those emails: a move's answer (on the personal link,
    // src/features/booking/components/move-link-answer.tsx, and in My bookings) and the waiting
    // lists' offers (src/features/booking/components/waitlist-entries.tsx).
    'We are holding {seats} for your party on ': 'Le guardamos {seats} para su grupo el ',
    ' until ': ' hasta el ',
    '. Accept to move your booking (your travellers’ details stay), or decline to cancel it with nothing to pay. With no answer by then, the booking is cancelled.':
      '. Acepte para pasar su reserva a esa fecha (los datos de sus viajeros se mantienen) o rechácela para cancelarla sin nada que pagar. Si no responde antes de ese plazo, la reserva se cancelará.',
    'Decline the new date?': '¿Rechazar la nueva fecha?',
    'Decline {date} and cancel this booking?': '¿Rechazar el {date} y cancelar esta reserva?',
    'Cancelling…': 'Cancelando…',
    'Yes, decline and cancel': 'Sí, rechazar y cancelar',
    'Keep the offer': 'Mantener la oferta',
    'Moving…': 'Cambiando la fecha…',
    'Accept {date}': 'Aceptar el {date}',
    Decline: 'Rechazar',
    'Your booking is moved to {date}. We have sent you an email with the new date.':
      'Su reserva ha pasado al {date}. Le hemos enviado un correo con la nueva fecha.',
    'You declined the new date, so your booking is cancelled with nothing to pay. We have sent you an email.':
      'Ha rechazado la nueva fecha, así que su reserva queda cancelada sin nada que pagar. Le hemos enviado un correo.',
    'This offer has expired, so the booking was cancelled and its seats released.':
      'Esta oferta ha caducado, así que la reserva se canceló y sus plazas quedaron libres.',
    'This booking was cancelled, so there is nothing to answer.':
      'Esta reserva se canceló, así que no hay nada que responder.',
    'Your answer could not be sent.': 'No se ha podido enviar su respuesta.',
    '{date} will not run: a new date for you':
      'La salida del {date} no se realizará: le proponemos una nueva fecha',
    'Questions? Call us on ': '¿Alguna pregunta? Llámenos al ',
    ' or email ': ' o escríbanos a ',
    'Loading your trip…': 'Cargando su viaje…',
    'This link does not work': 'Este enlace no funciona',
    'A new date for your trip': 'Una nueva fecha para su viaje',
    'Accept or decline the new date of your Wayfarer Tours trip.':
      'Acepte o rechace la nueva fecha de su viaje con Wayfarer Tours.',
    'The new date could not be loaded.': 'No se ha podido cargar la nueva fecha.',
    'The offer could not be accepted. Please try again.':
      'No se ha podido aceptar la oferta. Inténtelo de nuevo.',
    'Accept the offer': 'Aceptar la oferta',
    'Book {travellers}': 'Reservar para {travellers}',
    'Could not leave the list. Please try again.': 'No se ha podido salir de la lista. Inténtelo de nuevo.',
    'Waiting lists': 'Listas de espera',
    'Seats are held for you until ': 'Le guardamos las plazas hasta el ',
    'We email you as soon as seats for your whole party come free.':
      'Le escribiremos en cuanto haya plazas libres para todo su grupo.',
    'Leave this waiting list?': '¿Salir de esta lista de espera?',
    'Leave this waiting list? The seats held for you go to the next traveller waiting.':
      '¿Salir de esta lista de espera? Las plazas que le guardamos pasarán al siguiente viajero en espera.',
    'Leave this waiting list? You lose your place in it.':
      '¿Salir de esta lista de espera? Perderá su puesto en ella.',
    'Yes, leave': 'Sí, salir',
    'Stay on the list': 'Seguir en la lista',
    Accept: 'Aceptar',
    Leave: 'Salir',
    Waiting: 'En espera',
    'Seats held for you': 'Plazas guardadas para usted',
    Booked: 'Reservada',
    Left: 'Ha salido',
    'Offer expired': 'Oferta caducada',
    'Closed: the date has fewer seats than your party':
      'Cerrada: la fecha tiene menos plazas que personas en su grupo',
    // My bookings (src/routes/bookings.tsx, src/features/booking/components/bookings-list.tsx,
    // booking-summary.tsx, cancel-booking-dialog.tsx, change-booking-dialog.tsx, payment-return.tsx,
    // your-data.tsx, src/components/verify-email-note.tsx), the server's refusals they show
    // (server/src/bookings) and the end of a deleted account (src/routes/account-deleted.tsx).
    'My bookings | Wayfarer Tours': 'Mis reservas | Wayfarer Tours',
    'Your Wayfarer Tours bookings: dates, travellers, status and cancellation.':
      'Sus reservas de Wayfarer Tours: fechas, viajeros, estado y cancelación.',
    'Loading your bookings…': 'Cargando sus reservas…',
    'Your bookings could not be loaded.': 'No se han podido cargar sus reservas.',
    'No trips booked yet': 'Todavía no ha reservado ningún viaje',
    'When you book a package, it appears here with its reference, so you always have it to hand.':
      'Cuando reserve un paquete, aparecerá aquí con su referencia, para que la tenga siempre a mano.',
    'Browse packages': 'Ver los paquetes',
    '{count} bookings: your next trip first.': {
      one: '{count} reserva: su próximo viaje, primero.',
      other: '{count} reservas: su próximo viaje, primero.',
    },
    'Upcoming trips': 'Próximos viajes',
    'Dates to be agreed': 'Fechas por acordar',
    'Past trips': 'Viajes realizados',
    'Booking {reference}': 'Reserva {reference}',
    'Status:': 'Estado:',
    'Meet {meeting}.': 'Nos vemos {meeting}.',
    Reference: 'Referencia',
    '{complete} of {travellers} complete': '{complete} de {travellers} con los datos completos',
    'Edit travellers’ details for {reference}': 'Editar los datos de los viajeros de {reference}',
    'Add travellers’ details for {reference}': 'Añadir los datos de los viajeros de {reference}',
    'Edit travellers’ details': 'Editar los datos de los viajeros',
    'The details can no longer be changed online: call or email us below to change them.':
      'Los datos ya no se pueden cambiar en línea: para cambiarlos, llámenos o escríbanos a los contactos de abajo.',
    'View travellers’ details for {reference}': 'Ver los datos de los viajeros de {reference}',
    'View travellers’ details': 'Ver los datos de los viajeros',
    'Your trip starts within {days} days, so it can no longer be cancelled online. To change or cancel it, call us on ':
      'Su viaje empieza dentro de {days} días, así que ya no se puede cancelar en línea. Para cambiarlo o cancelarlo, llámenos al ',
    'Moved to {date}. We have emailed you the new date with a calendar file.':
      'Cambiada al {date}. Le hemos enviado por correo la nueva fecha con un archivo de calendario.',
    'Declined: your booking is cancelled and there is nothing to pay.':
      'Rechazada: su reserva queda cancelada y no hay nada que pagar.',
    'Cancelled. Your places are free again for other travellers.':
      'Cancelada. Sus plazas vuelven a estar libres para otros viajeros.',
    'Changed. We have emailed you the booking as it is now.':
      'Cambiada. Le hemos enviado por correo la reserva tal como queda ahora.',
    Change: 'Cambiar',
    'Cancel booking': 'Cancelar la reserva',
    'Cancel this booking?': '¿Cancelar esta reserva?',
    'date to be agreed': 'fecha por acordar',
    'Working out the cancellation fee…': 'Calculando el gasto de cancelación…',
    'The cancellation fee could not be loaded.': 'No se ha podido cargar el gasto de cancelación.',
    'Cancellation fee {fee}. You get back {refund} of the {paid} paid.':
      'Gasto de cancelación: {fee}. Se le devuelven {refund} de los {paid} pagados.',
    'Your places go back on sale for other travellers. This cannot be undone.':
      'Sus plazas vuelven a ponerse a la venta para otros viajeros. No se puede deshacer.',
    'The booking could not be cancelled. Please try again.':
      'No se ha podido cancelar la reserva. Inténtelo de nuevo.',
    'Keep booking': 'Mantener la reserva',
    'The booking could not be changed. Please try again.':
      'No se ha podido cambiar la reserva. Inténtelo de nuevo.',
    'Change this booking': 'Cambiar esta reserva',
    'The dates could not be loaded.': 'No se han podido cargar las fechas.',
    'Loading the dates…': 'Cargando las fechas…',
    'Departure date': 'Fecha de salida',
    'your date': 'su fecha',
    closed: 'cerrada',
    'sold out': 'completa',
    'Choose {min} to {max} travellers.': 'Elija de {min} a {max} viajeros.',
    'Only {count} seats for you on this date.': {
      one: 'Solo hay {count} plaza para usted en esta fecha.',
      other: 'Solo hay {count} plazas para usted en esta fecha.',
    },
    '{who} will be removed from this booking, with the details given for them.':
      '{who} dejará de figurar en esta reserva, junto con los datos que se dieron.',
    '{who} and {last} will be removed from this booking, with the details given for each.':
      '{who} y {last} dejarán de figurar en esta reserva, junto con los datos que se dieron de cada uno.',
    '{date} is less than {days} away: once the booking is moved there, it can no longer be changed or cancelled online.':
      'Faltan menos de {days} para el {date}: una vez pasada la reserva a esa fecha, ya no se podrá cambiar ni cancelar en línea.',
    'Seats for you on that date': 'Plazas para usted en esa fecha',
    'New total': 'Nuevo total',
    'Keep as it is': 'Dejarla como está',
    'Changing…': 'Cambiando…',
    'Confirm change': 'Confirmar el cambio',
    'Thank you: your card payment went through. It shows here as soon as we have recorded it…':
      'Gracias: su pago con tarjeta se ha realizado. Aparecerá aquí en cuanto lo hayamos registrado…',
    'Your payment is recorded. A receipt is on its way by email.':
      'Su pago está registrado. Le enviamos un recibo por correo electrónico.',
    'Your payment is taking longer than usual to reach us. It will show here and you will get a receipt by email: there is no need to pay again.':
      'Su pago está tardando más de lo habitual en llegarnos. Aparecerá aquí y recibirá un recibo por correo electrónico: no hace falta que vuelva a pagar.',
    'Your data': 'Sus datos personales',
    'Download everything we store about your account: bookings, travellers, waiting lists and emails.':
      'Descargue todo lo que guardamos sobre su cuenta: reservas, viajeros, listas de espera y correos.',
    'Preparing…': 'Preparando…',
    'Download my data': 'Descargar mis datos',
    'The download failed. Please try again.': 'La descarga ha fallado. Inténtelo de nuevo.',
    'Delete my account': 'Eliminar mi cuenta',
    'Your future bookings are cancelled and your personal details erased; we keep only the booking references, dates and totals for our accounts. This cannot be undone.':
      'Sus próximas reservas se cancelan y sus datos personales se borran; solo conservamos las referencias, las fechas y los importes de las reservas para nuestra contabilidad. No se puede deshacer.',
    'Type DELETE or your email address to confirm':
      'Escriba DELETE o su dirección de correo electrónico para confirmar',
    'Deleting…': 'Eliminando…',
    'The account could not be deleted. Please try again.':
      'No se ha podido eliminar la cuenta. Inténtelo de nuevo.',
    'For your safety, enter your password to confirm it is you (your last sign-in was more than 5 minutes ago).':
      'Por su seguridad, introduzca su contraseña para confirmar que es usted (inició sesión por última vez hace más de 5 minutos).',
    'For your safety, sign in with Google again to confirm it is you (your last sign-in was more than 5 minutes ago).':
      'Por su seguridad, vuelva a iniciar sesión con Google para confirmar que es usted (inició sesión por última vez hace más de 5 minutos).',
    'Your password': 'Su contraseña',
    'Enter your password.': 'Introduzca su contraseña.',
    'Confirm and delete my account': 'Confirmar y eliminar mi cuenta',
    'Confirm with Google and delete my account': 'Confirmar con Google y eliminar mi cuenta',
    'Keep my account': 'Mantener mi cuenta',
    'That password is not right. Please try again.': 'La contraseña no es correcta. Inténtelo de nuevo.',
    'Too many tries. Please wait a few minutes and try again.':
      'Demasiados intentos. Espere unos minutos e inténtelo de nuevo.',
    'The Google window was closed before you signed in. Please try again.':
      'La ventana de Google se cerró antes de que iniciara sesión. Inténtelo de nuevo.',
    'Your browser blocked the Google window. Please allow pop-ups for this site and try again.':
      'Su navegador ha bloqueado la ventana de Google. Permita las ventanas emergentes para este sitio e inténtelo de nuevo.',
    'That is another Google account. Please choose the account you are signed in with.':
      'Esa es otra cuenta de Google. Elija la cuenta con la que ha iniciado sesión.',
    'We could not reach the sign-in service. Please check your connection and try again.':
      'No hemos podido contactar con el servicio de inicio de sesión. Compruebe su conexión e inténtelo de nuevo.',
    'We could not check your sign-in. Please try again.':
      'No hemos podido comprobar su inicio de sesión. Inténtelo de nuevo.',
    'Your account is deleted | Wayfarer Tours': 'Su cuenta está eliminada | Wayfarer Tours',
    'Your Wayfarer Tours account and its personal data are gone.':
      'Su cuenta de Wayfarer Tours y sus datos personales se han eliminado.',
    'Your account is deleted': 'Su cuenta está eliminada',
    'Your account was deleted and your personal data erased: your name, email address, phone number, address and your travellers’ details are gone, and your future bookings are cancelled.':
      'Su cuenta se ha eliminado y sus datos personales se han borrado: su nombre, su dirección de correo electrónico, su teléfono, su dirección y los datos de sus viajeros ya no están, y sus próximas reservas se han cancelado.',
    'We keep only the booking references, dates and totals for our accounts. You are signed out; to travel with us again, make a new account at any time.':
      'Solo conservamos las referencias, las fechas y los importes de las reservas para nuestra contabilidad. Ha cerrado la sesión; para volver a viajar con nosotros, cree una cuenta nueva cuando quiera.',
    'No such booking.': 'No existe esa reserva.',
    'Online cancellation closes {days} days before departure. To cancel this booking, please call us on {phone} or email {email}.':
      'La cancelación en línea se cierra {days} días antes de la salida. Para cancelar esta reserva, llámenos al {phone} o escríbanos a {email}.',
    'Online changes close {days} days before departure. To change this booking, please call us on {phone} or email {email}.':
      'Los cambios en línea se cierran {days} días antes de la salida. Para cambiar esta reserva, llámenos al {phone} o escríbanos a {email}.',
    'We have offered this booking another date because its departure will not run: accept or decline it in My bookings first.':
      'Le hemos propuesto otra fecha para esta reserva porque su salida no se realizará: acéptela o recházela antes en Mis reservas.',
    'This booking is cancelled and cannot be changed. To travel with us, please make a new booking or call us on {phone}.':
      'Esta reserva está cancelada y no se puede cambiar. Para viajar con nosotros, haga una reserva nueva o llámenos al {phone}.',
    'This departure belongs to another package: a change keeps the package.':
      'Esta salida pertenece a otro paquete: un cambio mantiene el paquete.',
    'Only 1 seat is left on this departure, not {travellers}. Please choose fewer travellers or another date.':
      'Solo queda 1 plaza en esta salida, no {travellers}. Elija menos viajeros u otra fecha.',
    'Only 1 seat more is free on this departure: {travellers} travellers do not fit. Please choose fewer travellers or another date.':
      'Solo queda 1 plaza más libre en esta salida: {travellers} viajeros no caben. Elija menos viajeros u otra fecha.',
    'Only {count} seats more are free on this departure: {travellers} travellers do not fit. Please choose fewer travellers or another date.':
      'Solo quedan {count} plazas más libres en esta salida: {travellers} viajeros no caben. Elija menos viajeros u otra fecha.',
    'You already hold 1 seat in bookings awaiting confirmation, and {adding} more would pass the limit of {max} per traveller. Please wait until we confirm them, or cancel one you no longer need.':
      'Ya tiene 1 plaza en reservas pendientes de confirmación, y {adding} más superarían el límite de {max} por viajero. Espere a que las confirmemos o cancele alguna que ya no necesite.',
    'Book this trip': 'Reserve este viaje',
    'Your details': 'Sus datos',
    Phone: 'Teléfono',
    'With the country code if you are outside the US, e.g. +44 7700 900123.':
      'Con el prefijo del país si está fuera de EE. UU.; por ejemplo, +34 612 345 678.',
    'Booking…': 'Reservando…',
    'Book Now': 'Reservar ahora',
    'Remove a traveller': 'Quitar un viajero',
    'Add a traveller': 'Añadir un viajero',
    'Please check the highlighted fields.': 'Revise los campos marcados.',
    'Booking terms': 'Condiciones de la reserva',
    'Good to know': 'Conviene saber',
    'Thanks For Purchasing | Wayfarer Tours': 'Gracias por su reserva | Wayfarer Tours',
    'Your Wayfarer Tours booking is received: its reference and details.':
      'Hemos recibido su reserva de Wayfarer Tours: su referencia y sus detalles.',
    'We could not find this booking': 'No hemos encontrado esta reserva',
    'The link may be mistyped, or the booking belongs to another account. Your own bookings are all in My bookings.':
      'Puede que el enlace esté mal escrito o que la reserva pertenezca a otra cuenta. Todas sus reservas están en Mis reservas.',
    'Back To Home': 'Volver al inicio',
    'Thanks For Purchasing': 'Gracias por su reserva',
    'Your guide will be in touch within two working days to plan the details.':
      'Su guía se pondrá en contacto con usted en un plazo de dos días laborables para preparar los detalles.',
    'Who is coming?': '¿Quién viene?',
    'Add each traveller’s name, date of birth, dietary needs and an emergency contact, so your guide knows who to expect. Fill in what you know now and the rest later.':
      'Añada el nombre, la fecha de nacimiento, las necesidades alimentarias y un contacto de emergencia de cada viajero, para que su guía sepa a quién esperar. Rellene ahora lo que sepa y el resto más adelante.',
    'Add travellers’ details': 'Añadir los datos de los viajeros',
    'Loading your booking…': 'Cargando su reserva…',
    'Your booking could not be loaded': 'No se ha podido cargar su reserva',
    'Your booking could not be loaded.': 'No se ha podido cargar su reserva.',
    'Book a package | Wayfarer Tours': 'Reserve un paquete | Wayfarer Tours',
    'Choose a departure date and book this Wayfarer Tours package.':
      'Elija una fecha de salida y reserve este paquete de Wayfarer Tours.',
    // What a booking owes and how to pay it (src/features/booking/components/payment-due.tsx),
    // card payments and a companion's share (pay-by-card.tsx, pay-my-share.tsx, shares-paid.tsx).
    Payment: 'Pago',
    Overdue: 'Vencido',
    Paid: 'Pagado',
    'Refund due': 'Reembolso pendiente',
    Settled: 'Liquidado',
    '{paid} paid of {total}': '{paid} pagados de {total}',
    '{due}: {amount}': '{due}: {amount}',
    ' by {date}': ' antes del {date}',
    ' (overdue)': ' (vencido)',
    ' Paying it confirms your places.': ' Al pagarlo, sus plazas quedan confirmadas.',
    'We owe you {amount}': 'Le debemos {amount}',
    ': we will send it back the way you paid.': ': se lo devolveremos por el mismo medio con el que pagó.',
    'Pay the deposit': 'Pagar el depósito',
    'Pay the balance': 'Pagar el saldo',
    'Or by bank transfer:': 'O por transferencia bancaria:',
    'How to pay:': 'Cómo pagar:',
    'by bank transfer.': 'por transferencia bancaria.',
    'Your reference:': 'Su referencia:',
    'The payment page could not be opened. Please try again.':
      'No se ha podido abrir la página de pago. Inténtelo de nuevo.',
    'Opening the payment page…': 'Abriendo la página de pago…',
    '{label} ({amount})': '{label} ({amount})',
    'By card, on Stripe’s secure page.': 'Con tarjeta, en la página segura de Stripe.',
    'Paid their own share': 'Han pagado su parte',
    '{name} paid their share: {amount}': '{name} ha pagado su parte: {amount}',
    'Traveller {number}': 'Viajero {number}',
    'Your share of the trip': 'Su parte del viaje',
    'Your share is {share}; you have paid {paid}.': 'Su parte es de {share}; ha pagado {paid}.',
    'Thank you: your card payment went through. It shows here once we have recorded it.':
      'Gracias: su pago con tarjeta se ha realizado. Aparecerá aquí en cuanto lo hayamos registrado.',
    'The card payment was cancelled: nothing was charged.':
      'El pago con tarjeta se ha cancelado: no se ha cobrado nada.',
    'Pay my share': 'Pagar mi parte',
    'Nothing more to pay.': 'No queda nada por pagar.',
    'A receipt went to your email.': 'Le hemos enviado un recibo por correo electrónico.',
    // The travellers' details: the lead's form (src/features/booking/components/travellers-form.tsx,
    // traveller-invite.tsx), a companion's personal link (guest-link-form.tsx), their fields and
    // questions (guest-fields.tsx, question-fields.tsx) and the checks' messages (contracts/guests.ts,
    // contracts/answers.ts, server/src/guest-links).
    'Travellers’ details | Wayfarer Tours': 'Datos de los viajeros | Wayfarer Tours',
    'The names and details of the travellers on your Wayfarer Tours booking.':
      'Los nombres y los datos de los viajeros de su reserva de Wayfarer Tours.',
    'Booking not found': 'Reserva no encontrada',
    'There is no booking of yours at this address.': 'En esta dirección no hay ninguna reserva suya.',
    'Travellers’ details': 'Datos de los viajeros',
    'Your guide uses these at the meeting point: who is coming, what they cannot eat, and whom to call in an emergency.':
      'Su guía los usa en el punto de encuentro: quién viene, qué no puede comer y a quién llamar en caso de emergencia.',
    ' Fill in what you know now and come back for the rest; you can change them until {days} days before departure.':
      ' Rellene ahora lo que sepa y vuelva más adelante para el resto; puede cambiarlos hasta {days} días antes de la salida.',
    '{done} of {count} travellers complete': {
      one: '{done} de {count} viajero completo',
      other: '{done} de {count} viajeros completos',
    },
    'This booking is cancelled, so its travellers’ details can no longer be changed.':
      'Esta reserva está cancelada, así que ya no se pueden cambiar los datos de sus viajeros.',
    'The details can be changed online until {days} days before departure. To change them now, call us on ':
      'Los datos se pueden cambiar en línea hasta {days} días antes de la salida. Para cambiarlos ahora, llámenos al ',
    'This trip has already left.': 'Este viaje ya ha salido.',
    ' (lead)': ' (titular)',
    'Not given': 'Sin indicar',
    'No details were given for this traveller.': 'No se ha indicado ningún dato de este viajero.',
    'Back to my bookings': 'Volver a mis reservas',
    Complete: 'Completo',
    'To complete': 'Por completar',
    'Save details': 'Guardar los datos',
    'All set. You can still change anything until the cutoff.':
      'Todo listo. Todavía puede cambiar lo que quiera hasta la fecha límite.',
    'Empty fields are fine for now: save, and come back to finish.':
      'Por ahora puede dejar campos vacíos: guarde y vuelva para terminar.',
    'Saved. Every traveller’s details are complete: thank you.':
      'Guardado. Los datos de todos los viajeros están completos: gracias.',
    'Saved. {progress}: you can add the rest later.':
      'Guardado. {progress}: puede añadir el resto más adelante.',
    ' The personal link of {travellers} has ended, as their name changed: invite them again if they should fill in their own details.':
      ' Ha dejado de funcionar el enlace personal para {travellers}, porque ha cambiado su nombre: vuelva a invitarle si debe rellenar sus propios datos.',
    'traveller {number}': 'el viajero {number}',
    ' and ': ' y ',
    'The details could not be saved. Your changes are still here: please try again.':
      'No se han podido guardar los datos. Sus cambios siguen aquí: inténtelo de nuevo.',
    'Please check the highlighted fields. Nothing was saved yet.':
      'Revise los campos marcados. Todavía no se ha guardado nada.',
    '{message} Your changes are still here.': '{message} Sus cambios siguen aquí.',
    'Saving…': 'Guardando…',
    'Not invited': 'Sin invitar',
    Invited: 'Invitado',
    ' They have their own link to fill in their details.': ' Tiene su propio enlace para rellenar sus datos.',
    ' Fill in their details below, or send them a link to do it themselves.':
      ' Rellene sus datos abajo o envíele un enlace para que lo haga él mismo.',
    'Email for traveller {number}': 'Correo electrónico del viajero {number}',
    'Please enter their email address.': 'Introduzca su dirección de correo electrónico.',
    'We emailed {address} a link to fill in their own details.':
      'Hemos enviado a {address} un enlace para rellenar sus propios datos.',
    'The invitation could not be sent. Please try again.':
      'No se ha podido enviar la invitación. Inténtelo de nuevo.',
    'Sending…': 'Enviando…',
    Invite: 'Invitar',
    'Your travel details': 'Sus datos de viaje',
    'Fill in your own details for your Wayfarer Tours trip.':
      'Rellene sus propios datos para su viaje con Wayfarer Tours.',
    'Your details could not be loaded.': 'No se han podido cargar sus datos.',
    'Your details can no longer be changed here': 'Sus datos ya no se pueden cambiar aquí',
    '{lead} booked this trip for you and asks you to fill in your own details: the guide uses them at the meeting point.':
      '{lead} ha reservado este viaje para usted y le pide que rellene sus propios datos: el guía los usa en el punto de encuentro.',
    ' You can change them until {date}.': ' Puede cambiarlos hasta el {date}.',
    'Your details are complete': 'Sus datos están completos',
    'Your details are not complete yet': 'Sus datos todavía no están completos',
    'Save my details': 'Guardar mis datos',
    'Empty fields are fine for now: save, and come back to this link to finish.':
      'Por ahora puede dejar campos vacíos: guarde y vuelva a este enlace para terminar.',
    'Saved. Your details are complete: thank you.': 'Guardado. Sus datos están completos: gracias.',
    'Saved. You can come back to this link to add the rest.':
      'Guardado. Puede volver a este enlace para añadir el resto.',
    'Your details could not be saved. Your changes are still here: please try again.':
      'No se han podido guardar sus datos. Sus cambios siguen aquí: inténtelo de nuevo.',
    "This booking is cancelled: its travellers' details can no longer be changed.":
      'Esta reserva está cancelada: ya no se pueden cambiar los datos de sus viajeros.',
    "Travellers' details can be changed online until {days} days before departure. To change them now, please call us on {phone} or email {email}.":
      'Los datos de los viajeros se pueden cambiar en línea hasta {days} días antes de la salida. Para cambiarlos ahora, llámenos al {phone} o escriba a {email}.',
    'This link does not work: it may have been replaced by a newer one. Ask the person who booked the trip to send you a new link.':
      'Este enlace no funciona: puede que lo haya sustituido otro más reciente. Pida a la persona que reservó el viaje que le envíe un enlace nuevo.',
    'Full name': 'Nombre completo',
    'Date of birth': 'Fecha de nacimiento',
    'Dietary needs': 'Necesidades alimentarias',
    'Medical or accessibility notes': 'Notas médicas o de accesibilidad',
    'Emergency contact name': 'Nombre del contacto de emergencia',
    'Emergency contact phone': 'Teléfono del contacto de emergencia',
    'Allergies, vegetarian, vegan, halal…': 'Alergias, vegetariana, vegana, halal…',
    'Anything the guide should know to keep them safe and comfortable.':
      'Todo lo que el guía deba saber para que viaje seguro y cómodo.',
    'Someone not on the trip. Digits, spaces and + ( ) - . only.':
      'Alguien que no vaya en el viaje. Solo dígitos, espacios y + ( ) - .',
    'Date of birth must be a date (YYYY-MM-DD).': 'La fecha de nacimiento debe ser una fecha (AAAA-MM-DD).',
    'Date of birth must be in the past and after 1900.':
      'La fecha de nacimiento debe ser pasada y posterior a 1900.',
    '(required)': '(obligatoria)',
    '(optional)': '(opcional)',
    Yes: 'Sí',
    No: 'No',
    'Choose…': 'Elija…',
    'This question is not asked for this trip.': 'Esta pregunta no se hace en este viaje.',
    '{label}: answer yes or no.': '{label}: responda sí o no.',
    '{label}: the answer must be text.': '{label}: la respuesta debe ser un texto.',
    '{label}: choose one of the choices.': '{label}: elija una de las opciones.',
    '{label}: at most {max} characters.': '{label}: como máximo {max} caracteres.',
    // A package's page (src/features/packages/components/package-details.tsx,
    // src/components/package-content.tsx).
    'from {price}': 'desde {price}',
    ' per person': ' por persona',
    'Duration: ': 'Duración: ',
    'Day-by-day plan below': 'Programa día a día más abajo',
    'Day by day': 'Día a día',
    'Day {number}: ': 'Día {number}: ',
    Included: 'Incluido',
    'Not included': 'No incluido',
    Gallery: 'Galería',
  },
} as const satisfies Catalogue;

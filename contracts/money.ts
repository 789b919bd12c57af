// How money reads wherever a person reads it (the site, the console, the emails): whole dollars,
// "$2,450". Apart from the dates (./format.ts) because the home page's cards need only this.
// No path alias here: the server imports this file directly.

// Whole dollars: "$2,450", as Intl.NumberFormat('en-US', USD, no fraction digits) writes them,
// by hand: making that formatter (ICU's locale data) was the longest task of the home page, 25-45
// ms on the main thread as the module was evaluated, four times that in Lighthouse's mobile
// simulation (docs/decisions/016).
export const formatPrice = (amount: number) =>
  // Rounded half away from zero, as Intl rounds; digits grouped by three.
  `${amount < 0 ? '-' : ''}$${String(Math.round(Math.abs(amount))).replace(/\B(?=(\d{3})+$)/g, ',')}`;

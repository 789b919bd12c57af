// How money reads wherever a person reads it (the site, the console, the emails): whole dollars,
// "$2,450". Apart from the dates (./format.ts) because the home page's cards need only this.
// No path alias here: the server imports this file directly.

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

// Whole dollars: "$2,450".
export const formatPrice = (amount: number) => dollars.format(amount);

import { describe, expect, it } from 'vitest';
import { droppedTravellersWarning, emptyGuest } from '#contracts/guests';

describe('droppedTravellersWarning', () => {
  const cleo = { ...emptyGuest('Cleo Third'), medical: 'Asthma' };
  const unnamed = { ...emptyGuest(), dietary: 'Vegan' };
  const guests = [emptyGuest('Ada Lovelace'), emptyGuest(), cleo, unnamed];

  it('names the travellers a smaller party drops who had any detail given', () => {
    expect(droppedTravellersWarning(guests, 3)).toBe(
      'Traveller 4 will be removed from this booking, with the details given for them.',
    );
    expect(droppedTravellersWarning(guests, 1)).toBe(
      'Cleo Third and Traveller 4 will be removed from this booking, with the details given for each.',
    );
  });

  it('says nothing when those dropped had nothing given, or the party does not shrink', () => {
    expect(droppedTravellersWarning(guests.slice(0, 2), 1)).toBeUndefined();
    expect(droppedTravellersWarning(guests, 4)).toBeUndefined();
    expect(droppedTravellersWarning(guests, 6)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { emptyGuest } from '#contracts/guests';
import { describeGuestChanges } from './repository.js';

// The booking's history says what a traveller changed in words staff recognise.
describe('describeGuestChanges', () => {
  const bootSize = { id: 'boot-size', label: 'Boot size' };

  it('names a changed answer by its question, not by the question id', () => {
    const before = [emptyGuest('Ada Lovelace')];
    const after = [{ ...emptyGuest('Ada Lovelace'), dietary: 'Vegetarian', answers: { 'boot-size': '42' } }];
    expect(describeGuestChanges(before, after, [bootSize])).toBe(
      'traveller 1: dietary needs, answers (Boot size)',
    );
  });

  it('falls back to the id for a question the package no longer asks', () => {
    const before = [{ ...emptyGuest('Ada'), answers: { 'old-question': 'yes' } }];
    const after = [{ ...emptyGuest('Ada'), answers: {} }];
    expect(describeGuestChanges(before, after, [bootSize])).toBe('traveller 1: answers (old-question)');
  });
});

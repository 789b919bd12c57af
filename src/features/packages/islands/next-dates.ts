import type { Departure } from '#contracts/api';
import { formatTripDate } from '#contracts/format';
import { nextDatesText, pickNextDates, whenIdle } from '~/features/packages/next-dates';
import { departuresPath } from '~/lib/departures-path';
import { registerCatalogue, translator } from '#contracts/i18n';
import { languageOfPath, type Language } from '#contracts/language';

// The home page's package cards name their next dates. With React, NextDepartures does it
// (../components/next-departures.tsx); on a visitor's page, which runs no React
// (docs/decisions/066-no-react-for-a-visitors-first-load.md), this writes the same markup into
// the two lines the card keeps for them: the same request, when the browser is idle after load.
// The card says which package it is by its Purchase link (`paths.package(id)`, src/config/paths.ts):
// an attribute of its own would cost the React page's budgeted code a few bytes for nothing.
// In another language the link is the page's twin, "/es/package/<id>".
const packageLink = /^(?:\/[a-z]{2})?\/package\/([^/?#]+)$/;

export async function showNextDates(doc: Document): Promise<void> {
  const cards = [...doc.querySelectorAll<HTMLElement>('article.package-card')];
  if (cards.length === 0) return;
  await whenIdle();
  // A page in another language writes the dates and their words in it: its catalogue, a chunk
  // only that language's pages load (docs/decisions/071-translation-layer.md).
  const language = languageOfPath(doc.defaultView?.location.pathname ?? '/');
  // Imported here, not through src/lib/load-catalogue.ts: that module's chunk is the browser
  // entry's, which imports React.
  if (language === 'es') registerCatalogue((await import('#contracts/messages-es')).es);
  const { known } = translator(language);
  await Promise.all(cards.map((card) => fillCard(doc, card, language, known)));
}

async function fillCard(
  doc: Document,
  card: HTMLElement,
  language: Language,
  known: (text: string) => string,
) {
  const slot = card.querySelector('.package-card__dates-list');
  const id = packageLink.exec(card.querySelector('a[href*="/package/"]')?.getAttribute('href') ?? '')?.[1];
  if (!slot || !id) return;
  let replacement: HTMLElement;
  try {
    const res = await fetch(departuresPath(decodeURIComponent(id)), {
      headers: { accept: 'application/json' },
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const dates = pickNextDates(((await res.json()) as { departures: Departure[] }).departures);
    if (dates.length > 0) {
      replacement = doc.createElement('ul');
      for (const d of dates) {
        const item = doc.createElement('li');
        const time = doc.createElement('time');
        time.dateTime = d.startsOn;
        time.textContent = formatTripDate(d.startsOn, language);
        item.append(time);
        replacement.append(item);
      }
    } else {
      replacement = doc.createElement('p');
      replacement.textContent = known(nextDatesText.none);
    }
  } catch {
    replacement = doc.createElement('p');
    replacement.textContent = known(nextDatesText.failed);
  }
  replacement.className = 'package-card__dates-list';
  slot.replaceWith(replacement);
}

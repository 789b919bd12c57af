// The package editor's lists: the itinerary's days and the included / not included items. Each
// row can be removed and moved with buttons (keyboard-usable: no dragging), and a new one added.
import type { ReactNode } from 'react';
import { InputField, TextAreaField } from '~/components/field';
import { catalogueLimits } from '#contracts/catalogue';
import { useRowList } from '~/features/admin/hooks/use-row-list';
import { rowKey, type DayDraft, type ItemDraft } from '~/features/admin/utils/package-draft';

type Errors = Record<string, string>;

export function RowButtons({
  index,
  count,
  what,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  what: string;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  return (
    <div className="editor-row__buttons">
      <button
        type="button"
        className="button admin-button admin-button--quiet"
        disabled={index === 0}
        onClick={() => onMove(-1)}
      >
        Move up<span className="sr-only"> {what}</span>
      </button>
      <button
        type="button"
        className="button admin-button admin-button--quiet"
        disabled={index === count - 1}
        onClick={() => onMove(1)}
      >
        Move down<span className="sr-only"> {what}</span>
      </button>
      <button
        type="button"
        className="button admin-button admin-button--quiet editor-remove"
        onClick={onRemove}
      >
        Remove<span className="sr-only"> {what}</span>
      </button>
    </div>
  );
}

// What a list's buttons do to it (useRowList's answer).
type RowActions = {
  addId: string;
  move: (index: number, by: -1 | 1) => void;
  remove: (index: number) => void;
};

// The buttons of one row of a list kept by useRowList.
export function ListRowButtons({
  rows,
  index,
  count,
  what,
}: {
  rows: RowActions;
  index: number;
  count: number;
  what: string;
}) {
  return (
    <RowButtons
      index={index}
      count={count}
      what={what}
      onMove={(by) => rows.move(index, by)}
      onRemove={() => rows.remove(index)}
    />
  );
}

// A list's Add button: focus comes back to it when the last row is removed; disabled when the
// list is full.
export function AddRowButton({
  rows,
  full,
  onAdd,
  children,
}: {
  rows: RowActions;
  full: boolean;
  onAdd: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" id={rows.addId} className="button button--outline" disabled={full} onClick={onAdd}>
      {children}
    </button>
  );
}

export function ItineraryEditor({
  days,
  errors,
  onChange,
}: {
  days: DayDraft[];
  errors: Errors;
  onChange: (days: DayDraft[]) => void;
}) {
  const rows = useRowList(days, onChange, (uid, key) => `${uid}-${key}-title`);
  const uid = rows.uid;
  const set = (index: number, field: 'title' | 'body' | 'titleEs' | 'bodyEs', value: string) =>
    onChange(days.map((d, i) => (i === index ? { ...d, [field]: value } : d)));
  return (
    <section className="admin-panel admin-panel__pad editor-section" aria-labelledby={`${uid}-h`}>
      <h2 className="admin-panel__title" id={`${uid}-h`}>
        Itinerary
      </h2>
      <p className="admin-muted editor-section__lead">
        Day 1 is the first entry. At most {catalogueLimits.days} days.
      </p>
      {errors.itinerary ? <p className="field__error">{errors.itinerary}</p> : null}
      {errors['translations.es.itinerary'] ? (
        <p className="field__error">{errors['translations.es.itinerary']}</p>
      ) : null}
      <ol className="editor-rows">
        {days.map((day, index) => (
          <li key={day.key} className="editor-row">
            <p className="editor-row__label">Day {index + 1}</p>
            <div className="editor-languages">
              <InputField
                label={`Day ${index + 1} title`}
                id={rows.idOf(day.key)}
                name={`itinerary.${index}.title`}
                maxLength={catalogueLimits.dayTitle}
                value={day.title}
                onChange={(e) => set(index, 'title', e.target.value)}
                error={errors[`itinerary.${index}.title`]}
              />
              <InputField
                label={`Day ${index + 1} title in Spanish`}
                name={`translations.es.itinerary.${index}.title`}
                lang="es"
                maxLength={catalogueLimits.dayTitle}
                value={day.titleEs}
                onChange={(e) => set(index, 'titleEs', e.target.value)}
                error={errors[`translations.es.itinerary.${index}.title`]}
              />
              <TextAreaField
                label={`Day ${index + 1} description`}
                name={`itinerary.${index}.body`}
                maxLength={catalogueLimits.dayBody}
                rows={3}
                value={day.body}
                onChange={(e) => set(index, 'body', e.target.value)}
                error={errors[`itinerary.${index}.body`]}
              />
              <TextAreaField
                label={`Day ${index + 1} description in Spanish`}
                name={`translations.es.itinerary.${index}.body`}
                lang="es"
                maxLength={catalogueLimits.dayBody}
                rows={3}
                value={day.bodyEs}
                onChange={(e) => set(index, 'bodyEs', e.target.value)}
                error={errors[`translations.es.itinerary.${index}.body`]}
              />
            </div>
            <ListRowButtons rows={rows} index={index} count={days.length} what={`day ${index + 1}`} />
          </li>
        ))}
      </ol>
      <AddRowButton
        rows={rows}
        full={days.length >= catalogueLimits.days}
        onAdd={() => rows.add({ key: rowKey(), title: '', body: '', titleEs: '', bodyEs: '' })}
      >
        Add a day
      </AddRowButton>
    </section>
  );
}

export function ItemsEditor({
  title,
  field,
  itemLabel,
  items,
  errors,
  onChange,
}: {
  title: string;
  field: 'includes' | 'excludes';
  itemLabel: string;
  items: ItemDraft[];
  errors: Errors;
  onChange: (items: ItemDraft[]) => void;
}) {
  const rows = useRowList(items, onChange, (uid, key) => `${uid}-${key}`);
  const uid = rows.uid;
  const set = (index: number, change: Partial<ItemDraft>) =>
    onChange(items.map((it, i) => (i === index ? { ...it, ...change } : it)));
  return (
    <section className="admin-panel admin-panel__pad editor-section" aria-labelledby={`${uid}-h`}>
      <h2 className="admin-panel__title" id={`${uid}-h`}>
        {title}
      </h2>
      {errors[field] ? <p className="field__error">{errors[field]}</p> : null}
      {errors[`translations.es.${field}`] ? (
        <p className="field__error">{errors[`translations.es.${field}`]}</p>
      ) : null}
      <ul className="editor-rows editor-rows--items">
        {items.map((item, index) => (
          <li key={item.key} className="editor-row editor-row--item">
            <div className="editor-languages">
              <InputField
                label={`${itemLabel} ${index + 1}`}
                id={rows.idOf(item.key)}
                name={`${field}.${index}`}
                maxLength={catalogueLimits.listItem}
                value={item.text}
                onChange={(e) => set(index, { text: e.target.value })}
                error={errors[`${field}.${index}`]}
              />
              <InputField
                label={`${itemLabel} ${index + 1} in Spanish`}
                name={`translations.es.${field}.${index}`}
                lang="es"
                maxLength={catalogueLimits.listItem}
                value={item.textEs}
                onChange={(e) => set(index, { textEs: e.target.value })}
                error={errors[`translations.es.${field}.${index}`]}
              />
            </div>
            <ListRowButtons
              rows={rows}
              index={index}
              count={items.length}
              what={`${itemLabel.toLowerCase()} ${index + 1}`}
            />
          </li>
        ))}
      </ul>
      <AddRowButton
        rows={rows}
        full={items.length >= catalogueLimits.listItems}
        onAdd={() => rows.add({ key: rowKey(), text: '', textEs: '' })}
      >
        Add an item<span className="sr-only"> to {title.toLowerCase()}</span>
      </AddRowButton>
    </section>
  );
}

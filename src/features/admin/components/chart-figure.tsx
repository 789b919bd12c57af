import { useId, useState, type ReactNode } from 'react';

// One chart of the overview as a figure: its title and a summary in words (the text alternative
// a screen reader reads instead of the drawing), the drawing, and its figures as a table behind a
// toggle. `children` draws the chart, labelled by the title and the summary.
export function ChartFigure({
  title,
  summary,
  legend,
  table,
  children,
}: {
  title: string;
  summary: ReactNode;
  legend?: ReactNode;
  table: ReactNode;
  children: (labelledBy: string) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const titleId = `${id}-title`;
  const summaryId = `${id}-summary`;
  const tableId = `${id}-table`;
  return (
    <figure className="chart" aria-labelledby={titleId}>
      <figcaption className="chart__caption">
        <h2 className="chart__title" id={titleId}>
          {title}
        </h2>
        <p className="chart__summary" id={summaryId}>
          {summary}
        </p>
      </figcaption>
      {legend}
      {children(`${titleId} ${summaryId}`)}
      <button
        type="button"
        className="button button--outline chart__toggle"
        aria-expanded={open}
        aria-controls={tableId}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'Hide the table' : 'Show the table'}
      </button>
      <div className="chart__table" id={tableId} hidden={!open}>
        {open ? table : null}
      </div>
    </figure>
  );
}

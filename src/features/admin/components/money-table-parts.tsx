import { Link } from 'react-router';
import { paths } from '~/config/paths';

// The column headings of a console table that ends in an amount: the amount's heading is set
// right like the figures under it (`admin-num`). Shared by the money screen and the ledger.
export function AmountTableHead({ columns, amount }: { columns: string[]; amount: string }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col">
            {column}
          </th>
        ))}
        <th scope="col" className="admin-num">
          {amount}
        </th>
      </tr>
    </thead>
  );
}

// A row's heading naming its booking: the reference, linked to the booking's page, over the
// lead's name.
export function BookingRowHeader({
  bookingId,
  reference,
  name,
}: {
  bookingId: string;
  reference: string;
  name: string;
}) {
  return (
    <th scope="row">
      <Link className="admin-ref" to={paths.adminBooking(bookingId)}>
        {reference}
      </Link>
      <span className="admin-sub">{name}</span>
    </th>
  );
}

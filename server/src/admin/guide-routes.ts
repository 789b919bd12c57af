// A guide's own departures (GET /api/guide/departures): registered inside adminRoutes, so the
// token check and the role table of ./access.ts apply to it as to every console route.
import type { FastifyInstance } from 'fastify';
import { guideDeparturesSchema, type GuideDeparture } from '#contracts/staff';
import { type AppContext, todayOf } from '../context/app-context.js';
import type { DepartureRow } from '../db/schema.js';
import { consoleRead } from '../http/route-parts.js';

// The departure's own columns, and three counts the query makes.
type Row = Pick<
  DepartureRow,
  'id' | 'package_id' | 'starts_on' | 'status' | 'meeting_point' | 'meeting_time'
> & {
  travellers: number;
  present: number;
  no_show: number;
};

// What the guide's screen reads of the app's context.
export type GuideRoutesContext = Pick<AppContext, 'db' | 'packages' | 'today'>;

export async function guideRoutes(app: FastifyInstance, options: GuideRoutesContext) {
  const { db, packages } = options;
  const today = todayOf(options);
  consoleRead(
    app,
    '/api/guide/departures',
    {
      summary: 'The departures a guide is assigned to, from today on, soonest first, with check-in counts',
      answer: guideDeparturesSchema,
    },
    async (request) => {
      const { rows } = await db.query<Row>(
        `SELECT d.id, d.package_id, to_char(d.starts_on, 'YYYY-MM-DD') AS starts_on, d.status, d.meeting_point,
             d.meeting_time,
             (SELECT count(*)::int FROM booking_guests bg JOIN bookings b ON b.id = bg.booking_id
               WHERE b.departure_id = d.id AND b.status <> 'cancelled') AS travellers,
             (SELECT count(*)::int FROM booking_guests bg JOIN bookings b ON b.id = bg.booking_id
               WHERE b.departure_id = d.id AND b.status <> 'cancelled' AND bg.check_in = 'present') AS present,
             (SELECT count(*)::int FROM booking_guests bg JOIN bookings b ON b.id = bg.booking_id
               WHERE b.departure_id = d.id AND b.status <> 'cancelled' AND bg.check_in = 'no-show') AS no_show
           FROM departure_guides g JOIN departures d ON d.id = g.departure_id
           WHERE g.uid = $1 AND d.starts_on >= $2::date
           ORDER BY d.starts_on, d.id`,
        [request.user!.uid, today()],
      );
      const departures: GuideDeparture[] = rows.map((r) => ({
        id: r.id,
        packageName: packages.get(r.package_id)?.name ?? r.package_id,
        startsOn: r.starts_on,
        status: r.status,
        meetingPoint: r.meeting_point,
        meetingTime: r.meeting_time,
        travellers: r.travellers,
        present: r.present,
        noShow: r.no_show,
      }));
      return { departures };
    },
  );
}

// The Node.js flags every server process runs with: `npm start` (scripts/start.ts), the benchmarks
// and tests (scripts/api-server.ts), and the production command in the README.
//
// A heap limit of 1 GB, twenty times the server's live heap (about 50 MB). Without one, V8 sizes the
// limit from the machine's memory and, on a machine with more than 2 GB, lets the old generation
// grow to four times the live heap before a full collection. Streaming the million-booking CSV, the
// server's memory then grew by 155 MB (`npm run bench:data`, the CSV alone); below 2 GB the growth
// factor is smaller (about 1.65 at 1 GB), and it grew by 35 MB, in the same time
// (docs/decisions/052-server-heap-limit.md).
export const serverNodeFlags = ['--max-old-space-size=1024'] as const;

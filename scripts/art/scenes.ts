// The brand's own illustrations, drawn as SVG from a few scene descriptions.
// scripts/build-images.ts rasterises them to AVIF/WebP/JPEG at build time.

type Ridge = { color: string; base: number; amp: number; seed: number; peaks?: number; sharp?: boolean };

export type Scene = {
  width: number;
  height: number;
  sky: [string, string, string?];
  sun?: { x: number; y: number; r: number; color: string; glow?: string };
  stars?: number;
  aurora?: string[];
  far?: Ridge[];
  water?: { top: number; colors: [string, string]; shimmer?: string };
  near?: Ridge[];
  extras?: string;
};

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function ridgePath(r: Ridge, w: number, h: number): string {
  const rand = rng(r.seed);
  const n = r.peaks ?? 7;
  const step = w / n;
  const pts: [number, number][] = [];
  for (let i = 0; i <= n; i++) {
    const x = i * step + (i > 0 && i < n ? (rand() - 0.5) * step * 0.5 : 0);
    const y = r.base - rand() * r.amp;
    pts.push([x, y]);
  }
  let d = `M0 ${h} L0 ${pts[0]![1].toFixed(1)}`;
  for (let i = 1; i < pts.length; i++) {
    const [px, py] = pts[i - 1]!;
    const [x, y] = pts[i]!;
    if (r.sharp) {
      const mx = (px + x) / 2;
      const my = Math.max(py, y) + r.amp * 0.35 * rand();
      d += ` L${mx.toFixed(1)} ${my.toFixed(1)} L${x.toFixed(1)} ${y.toFixed(1)}`;
    } else {
      const cx = (px + x) / 2;
      d += ` C${cx.toFixed(1)} ${py.toFixed(1)} ${cx.toFixed(1)} ${y.toFixed(1)} ${x.toFixed(1)} ${y.toFixed(1)}`;
    }
  }
  return `${d} L${w} ${h} Z`;
}

export function renderScene(s: Scene): string {
  const { width: w, height: h } = s;
  const rand = rng(42);
  const parts: string[] = [];
  const skyStops = s.sky
    .filter(Boolean)
    .map((c, i, all) => `<stop offset="${(i / (all.length - 1)).toFixed(2)}" stop-color="${c}"/>`)
    .join('');
  parts.push(
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">${skyStops}</linearGradient>` +
      (s.sun
        ? `<radialGradient id="glow"><stop offset="0" stop-color="${s.sun.glow ?? s.sun.color}" stop-opacity=".55"/><stop offset="1" stop-color="${s.sun.glow ?? s.sun.color}" stop-opacity="0"/></radialGradient>`
        : '') +
      (s.water
        ? `<linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${s.water.colors[0]}"/><stop offset="1" stop-color="${s.water.colors[1]}"/></linearGradient>`
        : '') +
      `</defs>`,
  );
  parts.push(`<rect width="${w}" height="${h}" fill="url(#sky)"/>`);
  for (let i = 0; i < (s.stars ?? 0); i++) {
    const x = rand() * w;
    const y = rand() * h * 0.55;
    parts.push(
      `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${(rand() * 1.8 + 0.6).toFixed(1)}" fill="#fff" opacity="${(rand() * 0.6 + 0.3).toFixed(2)}"/>`,
    );
  }
  (s.aurora ?? []).forEach((c, i) => {
    const y = h * (0.18 + i * 0.08);
    parts.push(
      `<path d="M${-50} ${y + 80} C${w * 0.25} ${y - 120} ${w * 0.5} ${y + 160} ${w * 0.75} ${y - 40} S${w + 50} ${y + 40} ${w + 50} ${y}" stroke="${c}" stroke-width="${70 - i * 18}" fill="none" opacity="${0.45 - i * 0.1}" stroke-linecap="round"/>`,
    );
  });
  if (s.sun) {
    parts.push(`<circle cx="${s.sun.x}" cy="${s.sun.y}" r="${s.sun.r * 3.2}" fill="url(#glow)"/>`);
    parts.push(`<circle cx="${s.sun.x}" cy="${s.sun.y}" r="${s.sun.r}" fill="${s.sun.color}"/>`);
  }
  for (const r of s.far ?? []) parts.push(`<path d="${ridgePath(r, w, h)}" fill="${r.color}"/>`);
  if (s.water) {
    parts.push(`<rect y="${s.water.top}" width="${w}" height="${h - s.water.top}" fill="url(#water)"/>`);
    if (s.water.shimmer) {
      for (let i = 0; i < 14; i++) {
        const y = s.water.top + 12 + i * ((h - s.water.top) / 16);
        const len = 40 + rand() * 160;
        const x = (s.sun?.x ?? w / 2) - len / 2 + (rand() - 0.5) * 120;
        parts.push(
          `<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="${len.toFixed(0)}" height="4" rx="2" fill="${s.water.shimmer}" opacity="${(0.7 - i * 0.04).toFixed(2)}"/>`,
        );
      }
    }
  }
  for (const r of s.near ?? []) parts.push(`<path d="${ridgePath(r, w, h)}" fill="${r.color}"/>`);
  if (s.extras) parts.push(s.extras);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">${parts.join('')}</svg>`;
}

const W = 1200;
const H = 800;

const sailboat = (x: number, y: number, s = 1, c = '#fdf6ec') =>
  `<g transform="translate(${x} ${y}) scale(${s})"><path d="M0 0 L0 -110 L70 0 Z" fill="${c}"/><path d="M-6 -8 L0 -96 L-52 -8 Z" fill="${c}" opacity=".85"/><path d="M-60 4 L80 4 L62 24 L-44 24 Z" fill="#7a3b1e"/></g>`;

const pine = (x: number, y: number, s: number, c: string) =>
  `<path transform="translate(${x} ${y}) scale(${s})" d="M0 -120 L34 -40 L18 -40 L44 10 L-44 10 L-18 -40 L-34 -40 Z" fill="${c}"/>`;

const house = (x: number, y: number, w: number, h: number, dome?: string) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#f7f4ee"/><rect x="${x + w * 0.35}" y="${y + h * 0.45}" width="${w * 0.3}" height="${h * 0.55}" fill="#2f6f9f"/>` +
  (dome ? `<path d="M${x} ${y} A${w / 2} ${w / 2} 0 0 1 ${x + w} ${y} Z" fill="${dome}"/>` : '');

const pagoda = (x: number, y: number, c: string) => {
  let g = '';
  for (let i = 0; i < 4; i++) {
    const wdt = 200 - i * 36;
    const top = y - i * 70;
    g += `<path d="M${x - wdt / 2 - 30} ${top} Q${x} ${top - 38} ${x + wdt / 2 + 30} ${top} L${x + wdt / 2} ${top - 16} L${x - wdt / 2} ${top - 16} Z" fill="${c}"/>`;
    g += `<rect x="${x - wdt / 2 + 22}" y="${top}" width="${wdt - 44}" height="54" fill="${c}" opacity=".85"/>`;
  }
  return g + `<rect x="${x - 3}" y="${y - 330}" width="6" height="60" fill="${c}"/>`;
};

const camel = (x: number, y: number, s: number, c: string) =>
  `<path transform="translate(${x} ${y}) scale(${s})" fill="${c}" d="M-60 0 L-56 -40 Q-60 -60 -44 -66 Q-30 -92 -12 -66 Q0 -96 16 -64 L30 -60 L44 -92 Q52 -104 62 -96 L70 -92 L60 -86 L52 -60 L44 -40 L46 0 L38 0 L34 -34 L-40 -36 L-44 0 L-52 0 L-50 -34 Z"/>`;

const palm = (x: number, y: number, s: number, c: string) =>
  `<g transform="translate(${x} ${y}) scale(${s})" fill="${c}"><path d="M-6 0 Q4 -120 22 -220 L30 -218 Q14 -120 8 0 Z"/><path d="M26 -220 Q-40 -250 -90 -200 Q-40 -228 26 -210Z"/><path d="M26 -220 Q90 -260 140 -200 Q90 -232 26 -210Z"/><path d="M26 -222 Q0 -290 -60 -290 Q0 -270 24 -214Z"/><path d="M26 -222 Q60 -300 120 -280 Q60 -270 28 -212Z"/></g>`;

const blossoms = (n: number, seed: number) => {
  const r = rng(seed);
  let g = '';
  for (let i = 0; i < n; i++) {
    g += `<circle cx="${(r() * W).toFixed(0)}" cy="${(r() * 260).toFixed(0)}" r="${(r() * 14 + 6).toFixed(0)}" fill="${r() > 0.5 ? '#f6b6c8' : '#f9d3de'}" opacity=".9"/>`;
  }
  return g;
};

export const scenes: Record<string, Scene> = {
  hero: {
    width: 1920,
    height: 1080,
    sky: ['#1d3f5e', '#e07a5f', '#f6c177'],
    sun: { x: 1240, y: 560, r: 90, color: '#fde3a7', glow: '#f9b46b' },
    far: [
      { color: '#6d5a7b', base: 640, amp: 260, seed: 3, peaks: 6, sharp: true },
      { color: '#4a4466', base: 700, amp: 180, seed: 8, peaks: 9 },
    ],
    water: { top: 700, colors: ['#c9795f', '#23405a'], shimmer: '#fde3a7' },
    near: [{ color: '#142a3a', base: 1020, amp: 120, seed: 12, peaks: 5 }],
    extras: sailboat(700, 820, 1.3),
  },
  alps: {
    width: W,
    height: H,
    sky: ['#8ec5e8', '#dff1fb'],
    sun: { x: 920, y: 160, r: 60, color: '#fffbe8' },
    far: [
      { color: '#c9d7e6', base: 420, amp: 260, seed: 21, peaks: 6, sharp: true },
      { color: '#7d97b3', base: 500, amp: 200, seed: 5, peaks: 7, sharp: true },
    ],
    water: { top: 520, colors: ['#4d8fb8', '#1f5372'], shimmer: '#e9f6ff' },
    near: [{ color: '#2f5a3d', base: 760, amp: 90, seed: 9, peaks: 6 }],
    extras: pine(140, 700, 1.2, '#1e4029') + pine(230, 720, 0.9, '#25502f') + pine(1040, 710, 1.1, '#1e4029'),
  },
  santorini: {
    width: W,
    height: H,
    sky: ['#2b6ea6', '#9fd0ef', '#fbe3c4'],
    sun: { x: 300, y: 330, r: 56, color: '#fff1d0' },
    water: { top: 430, colors: ['#2f86b8', '#15476b'], shimmer: '#fff1d0' },
    near: [{ color: '#d9c7a7', base: 640, amp: 70, seed: 4, peaks: 4 }],
    extras:
      house(640, 520, 110, 90, '#1f5fa0') +
      house(770, 545, 90, 70) +
      house(880, 510, 120, 100, '#1f5fa0') +
      house(1020, 540, 100, 80) +
      house(560, 570, 80, 70) +
      sailboat(260, 560, 0.8),
  },
  sahara: {
    width: W,
    height: H,
    sky: ['#f2a65a', '#f7d08a', '#fbe9c0'],
    sun: { x: 860, y: 250, r: 80, color: '#fff4d6', glow: '#ffd28a' },
    far: [
      { color: '#e3a05c', base: 520, amp: 120, seed: 31, peaks: 4 },
      { color: '#cf8446', base: 600, amp: 110, seed: 2, peaks: 3 },
    ],
    near: [{ color: '#a85f2c', base: 760, amp: 100, seed: 17, peaks: 3 }],
    extras: camel(380, 560, 1.1, '#5a2f16') + camel(520, 566, 1, '#5a2f16') + camel(650, 572, 0.9, '#5a2f16'),
  },
  kyoto: {
    width: W,
    height: H,
    sky: ['#f7c6b8', '#fde9de'],
    sun: { x: 300, y: 220, r: 70, color: '#e8594a' },
    far: [
      { color: '#b7a6b8', base: 520, amp: 150, seed: 41, peaks: 5 },
      { color: '#7e6f86', base: 600, amp: 90, seed: 43, peaks: 6 },
    ],
    near: [{ color: '#3d3346', base: 780, amp: 60, seed: 47, peaks: 5 }],
    extras: pagoda(820, 720, '#3a2230') + blossoms(40, 7),
  },
  amazon: {
    width: W,
    height: H,
    sky: ['#b9e3c6', '#eef8e6'],
    sun: { x: 980, y: 150, r: 50, color: '#fffbe0' },
    far: [
      { color: '#7fb68a', base: 380, amp: 100, seed: 51, peaks: 14 },
      { color: '#4f8f5e', base: 460, amp: 90, seed: 52, peaks: 16 },
    ],
    water: { top: 560, colors: ['#8a7a45', '#4c4424'], shimmer: '#dcebc0' },
    near: [{ color: '#1f4d2b', base: 600, amp: 120, seed: 53, peaks: 18 }],
    extras: palm(120, 800, 1.6, '#143620') + palm(1080, 800, 1.4, '#143620'),
  },
  tromso: {
    width: W,
    height: H,
    sky: ['#061526', '#0f2f4a', '#1e4f6a'],
    stars: 90,
    aurora: ['#4ff0a6', '#6ad1ff', '#b38cff'],
    far: [{ color: '#2b4a63', base: 560, amp: 160, seed: 61, peaks: 5, sharp: true }],
    near: [{ color: '#dfe9f1', base: 700, amp: 80, seed: 62, peaks: 4 }],
    extras: pine(180, 760, 1, '#0d2233') + pine(260, 780, 0.8, '#0d2233') + pine(980, 770, 1.1, '#0d2233'),
  },
  'blog-packing': {
    width: W,
    height: H,
    sky: ['#f4e1c1', '#f7ecd9'],
    extras:
      `<rect x="330" y="260" width="540" height="380" rx="40" fill="#b4461f"/><rect x="330" y="330" width="540" height="24" fill="#8a3416"/><rect x="510" y="190" width="180" height="90" rx="24" fill="none" stroke="#5a2412" stroke-width="24"/>` +
      `<circle cx="430" cy="660" r="26" fill="#2c2c2c"/><circle cx="770" cy="660" r="26" fill="#2c2c2c"/><rect x="420" y="420" width="130" height="90" rx="12" fill="#f2c14e" transform="rotate(-8 480 460)"/><rect x="640" y="410" width="150" height="100" rx="12" fill="#2f7f86" transform="rotate(7 700 460)"/>`,
  },
  'blog-beaches': {
    width: W,
    height: H,
    sky: ['#7cc6e8', '#d6f0fa'],
    sun: { x: 920, y: 170, r: 64, color: '#fff6d2' },
    water: { top: 400, colors: ['#27a3b8', '#16657d'], shimmer: '#e8fbff' },
    near: [{ color: '#efd9a8', base: 660, amp: 60, seed: 81, peaks: 3 }],
    extras: palm(200, 720, 1.3, '#2f5a2a') + palm(320, 700, 1, '#3b6b33'),
  },
  'blog-food': {
    width: W,
    height: H,
    sky: ['#2f1d2b', '#5a2d3b'],
    extras:
      `<rect x="0" y="520" width="1200" height="280" fill="#3a2619"/>` +
      [160, 420, 680, 940]
        .map(
          (x, i) =>
            `<circle cx="${x + 100}" cy="200" r="34" fill="#f7b538" opacity=".9"/><circle cx="${x + 100}" cy="200" r="80" fill="#f7b538" opacity=".15"/><ellipse cx="${x + 100}" cy="560" rx="110" ry="34" fill="#f2ede4"/><ellipse cx="${x + 100}" cy="548" rx="80" ry="22" fill="${['#d1495b', '#edae49', '#66a182', '#e07a5f'][i]}"/>`,
        )
        .join(''),
  },
  'blog-trekking': {
    width: W,
    height: H,
    sky: ['#5b8db8', '#cfe1ee'],
    far: [
      { color: '#9fb3c8', base: 380, amp: 220, seed: 91, peaks: 5, sharp: true },
      { color: '#6b8a6e', base: 560, amp: 140, seed: 92, peaks: 6 },
    ],
    near: [{ color: '#3e5a3a', base: 760, amp: 140, seed: 93, peaks: 4 }],
    extras: `<path d="M120 800 C300 640 500 720 640 600 S900 480 1100 420" stroke="#e9dcc0" stroke-width="14" fill="none" stroke-dasharray="28 18"/><circle cx="640" cy="600" r="14" fill="#b4461f"/>`,
  },
  portrait: {
    width: 800,
    height: 800,
    sky: ['#0f4c5c', '#2a7f8f'],
    extras:
      `<circle cx="400" cy="330" r="150" fill="#d9a27b"/><path d="M250 300 Q260 150 400 150 Q560 150 560 320 Q540 220 400 220 Q300 220 250 300Z" fill="#2b1d16"/>` +
      `<path d="M140 800 Q150 560 400 540 Q650 560 660 800Z" fill="#f6efe6"/><path d="M330 540 L400 620 L470 540Z" fill="#d9a27b"/>` +
      `<circle cx="345" cy="335" r="12" fill="#2b1d16"/><circle cx="455" cy="335" r="12" fill="#2b1d16"/><path d="M350 410 Q400 450 450 410" stroke="#2b1d16" stroke-width="10" fill="none" stroke-linecap="round"/>`,
  },
  'not-found': {
    width: W,
    height: H,
    sky: ['#f6efe6', '#efe2cf'],
    extras:
      `<rect x="250" y="170" width="700" height="460" rx="18" fill="#fbf7f0" stroke="#c8b79c" stroke-width="6"/><path d="M250 320 L480 260 L720 360 L950 300 M480 170 L480 630 M720 170 L720 630" stroke="#d9c9ad" stroke-width="6" fill="none"/>` +
      `<path d="M330 540 C420 420 520 520 600 420 S760 300 840 260" stroke="#b4461f" stroke-width="10" fill="none" stroke-dasharray="24 18"/>` +
      `<g transform="translate(860 240)"><path d="M-30 -30 L30 30 M30 -30 L-30 30" stroke="#b4461f" stroke-width="16" stroke-linecap="round"/></g>` +
      `<g transform="translate(600 420)"><circle r="120" fill="#0f4c5c"/><circle r="100" fill="#f6efe6"/><path d="M0 -86 L22 0 L0 86 L-22 0Z" fill="#b4461f" transform="rotate(35)"/><circle r="10" fill="#0f4c5c"/></g>`,
  },
};

// Master data of the demo company: a Croatian glass and PVC window shop. Plain data, no I/O.

export type DemoItem = {
  sku: string;
  name: string;
  kind: 'material' | 'component' | 'product' | 'service';
  base_unit: string;
  length_mm?: string;
  width_mm?: string;
  thickness_mm?: string;
  lot_tracked?: boolean;
  reorder_point?: string;
  reorder_qty?: string;
  purchase_price?: string;
  sales_price?: string;
  kpd_code?: string;
  /** Which supplier (index in SUPPLIERS) sells it. */
  supplier: number;
  /** Stock received at start, in base units (0 = none). */
  stock: string;
};

/**
 * Glass bought as whole sheets, by type and thickness (price per m² for the 4 mm or the named
 * make-up). Laminated safety glass is named by its make-up: VSG 33.1 = 3 + 3 mm with one 0.38 mm
 * PVB foil (6.38 mm), 44.2 = 4 + 4 mm with two foils (8.76 mm).
 */
const GLASS_TYPES = [
  { code: 'FLOAT', name: 'Float staklo', price: 6, thicknesses: ['4', '5', '6', '8', '10'] },
  { code: 'LOWE', name: 'Low-E staklo', price: 11, thicknesses: ['4', '6'] },
  { code: 'SAT', name: 'Satinato staklo', price: 14, thicknesses: ['4', '6'] },
  { code: 'ORN', name: 'Ornament staklo Chinchilla', price: 12, thicknesses: ['4'] },
] as const;
const LAMINATED = [
  { code: '33.1', thickness: '6.38', label: '6,38', price: 24 },
  { code: '44.2', thickness: '8.76', label: '8,76', price: 31 },
] as const;
const GLASS_SHEETS = [
  [3210, 2250],
  [2550, 1605],
  [1605, 1200],
  [2250, 1605],
] as const;

const PROFILE_SERIES = [70, 76, 82] as const;
const PROFILE_PARTS = [
  { code: 'OK', name: 'okvir', price: 4.2 },
  { code: 'KR', name: 'krilo', price: 4.6 },
  { code: 'TP', name: 'T-profil', price: 4.9 },
  { code: 'LS', name: 'letvica za staklo', price: 0.9 },
  { code: 'PR', name: 'proširenje 30 mm', price: 2.1 },
  { code: 'DP', name: 'dodatni profil okapnice', price: 1.4 },
] as const;
const COLOURS = [
  { code: 'BI', name: 'bijela', factor: 1 },
  { code: 'AN', name: 'antracit', factor: 1.35 },
  { code: 'ZH', name: 'zlatni hrast', factor: 1.45 },
  { code: 'OR', name: 'orah', factor: 1.45 },
  { code: 'SI', name: 'siva', factor: 1.3 },
] as const;

const dec = (n: number, places = 2) => n.toFixed(places);

/** The catalogue: about 250 purchasable items (glass sheets, PVC bars, hardware, sealants, services). */
export function demoItems(): DemoItem[] {
  const items: DemoItem[] = [];
  const sheet = (code: string, name: string, t: string, price: number, [w, h]: readonly [number, number]) => {
    const main = w === 3210;
    const common = code === 'FLOAT-4' || code === 'LOWE-4';
    items.push({
      sku: `ST-${code}-${w}x${h}`,
      name: `${name}, ploča ${w}×${h}`,
      kind: 'material',
      base_unit: 'm2',
      length_mm: String(w),
      width_mm: String(h),
      thickness_mm: t,
      lot_tracked: true,
      purchase_price: dec(price),
      reorder_point: common ? '60' : undefined,
      reorder_qty: common ? '120' : undefined,
      kpd_code: '23.11.12',
      supplier: 0,
      // Every type and thickness in stock on the big sheet; the float 4 mm most of all.
      stock: code === 'FLOAT-4' && main ? '400' : main ? '120' : w === 2550 ? '36' : '0',
    });
  };
  for (const g of GLASS_TYPES)
    for (const t of g.thicknesses)
      for (const size of GLASS_SHEETS)
        sheet(`${g.code}-${t}`, `${g.name} ${t} mm`, t, g.price * (Number(t) / 4) ** 0.8, size);
  for (const l of LAMINATED)
    for (const size of GLASS_SHEETS)
      sheet(`VSG-${l.code}`, `Laminirano staklo VSG ${l.code} (${l.label} mm)`, l.thickness, l.price, size);
  for (const series of PROFILE_SERIES)
    for (const part of PROFILE_PARTS)
      for (const c of COLOURS) {
        const main = c.code === 'BI' || (c.code === 'AN' && series === 76);
        items.push({
          sku: `PVC-${series}-${part.code}-${c.code}`,
          name: `PVC profil ${series} ${part.name}, ${c.name}, šipka 6,5 m`,
          kind: 'material',
          base_unit: 'm',
          length_mm: '6500',
          purchase_price: dec(part.price * c.factor * (series / 70)),
          reorder_point: main ? '130' : undefined,
          reorder_qty: main ? '325' : undefined,
          kpd_code: '22.21.21',
          supplier: 1,
          stock: main ? '975' : c.code === 'ZH' ? '65' : '0',
        });
      }
  for (const series of PROFILE_SERIES)
    for (const [code, name] of [
      ['OK', 'okvira'],
      ['KR', 'krila'],
    ] as const)
      items.push({
        sku: `CP-${series}-${code}`,
        name: `Čelično pojačanje ${name} ${series}, šipka 6 m`,
        kind: 'material',
        base_unit: 'm',
        length_mm: '6000',
        purchase_price: dec(1.6 + series / 100),
        supplier: 1,
        stock: '600',
      });
  const hw = (sku: string, name: string, price: number, stock: string, extra: Partial<DemoItem> = {}) =>
    items.push({
      sku,
      name,
      kind: 'component',
      base_unit: 'kom',
      purchase_price: dec(price),
      supplier: 2,
      stock,
      ...extra,
    });
  for (const [size, label] of [
    ['S', 'do 800 mm'],
    ['M', '800–1200 mm'],
    ['L', '1200–1600 mm'],
  ] as const)
    for (const side of ['L', 'D'] as const)
      hw(
        `OKV-ON-${size}-${side}`,
        `Okov okretno-nagibni ${label}, ${side === 'L' ? 'lijevi' : 'desni'}`,
        18 + (size === 'S' ? 0 : size === 'M' ? 4 : 8),
        '240',
        { reorder_point: '20', reorder_qty: '60' },
      );
  for (const colour of ['bijela', 'srebrna', 'inox', 'antracit', 'smeđa'])
    for (const [code, label] of [
      ['STD', 'standardna'],
      ['KLJ', 'sa ključem'],
    ] as const)
      hw(
        `KVA-${code}-${colour.slice(0, 3).toUpperCase()}`,
        `Kvaka za prozor ${label}, ${colour}`,
        4.5,
        '120',
      );
  for (const colour of ['bijela', 'smeđa', 'srebrna', 'antracit'])
    hw(`SAR-${colour.slice(0, 3).toUpperCase()}`, `Šarka za balkonska vrata, ${colour}`, 6.2, '400');
  for (const len of [72, 92, 112, 132, 152, 182])
    hw(`VIJ-OK-${len}`, `Vijak za okvir 7,5×${len} mm`, 0.18, '3000');
  for (const [d, l] of [
    [8, 80],
    [10, 100],
    [10, 120],
    [10, 140],
  ])
    hw(`TIP-${d}x${l}`, `Tipla najlonska ${d}×${l} mm`, 0.09, '2000');
  for (const mm of [2, 3, 4, 5, 6]) hw(`POD-${mm}`, `Podložna pločica za staklo ${mm} mm`, 0.05, '4000');
  for (const c of ['bijela', 'smeđa', 'antracit']) {
    hw(`ROZ-${c.slice(0, 3).toUpperCase()}`, `Rozeta za kvaku, ${c}`, 1.1, '150');
    hw(`KAP-${c.slice(0, 3).toUpperCase()}`, `Kapica odvodnje, ${c}`, 0.12, '1500');
  }
  for (const s of PROFILE_SERIES) hw(`KSP-${s}`, `Kutni spoj za T-profil ${s}`, 2.4, '200');
  for (const mm of [12, 14, 16, 18, 20])
    items.push({
      sku: `DIS-${mm}`,
      name: `Distancer aluminijski ${mm} mm`,
      kind: 'material',
      base_unit: 'm',
      purchase_price: dec(0.55 + mm / 100),
      supplier: 0,
      stock: mm === 16 ? '1500' : '300',
      reorder_point: mm === 16 ? '300' : undefined,
      reorder_qty: mm === 16 ? '1000' : undefined,
    });
  const mat = (sku: string, name: string, unit: string, price: number, supplier: number, stock: string) =>
    items.push({ sku, name, kind: 'material', base_unit: unit, purchase_price: dec(price), supplier, stock });
  mat('BUT-4', 'Butil traka 4 mm', 'm', 0.08, 0, '4000');
  mat('POLS-2K', 'Polisulfid dvokomponentni', 'kg', 5.9, 0, '120');
  mat('MOL-SITO', 'Molekularno sito', 'kg', 3.1, 0, '80');
  mat('ARGON', 'Argon za punjenje IZO stakla', 'l', 0.02, 0, '20000');
  for (const c of ['prozirni', 'bijeli', 'sivi', 'smeđi', 'antracit'])
    mat(`SIL-${c.slice(0, 3).toUpperCase()}`, `Silikon neutralni ${c}, kartuša 310 ml`, 'kom', 3.4, 3, '240');
  mat('PUR-750', 'PUR pjena pištoljska 750 ml', 'kom', 5.2, 3, '180');
  mat('PUR-ZIM', 'PUR pjena zimska 750 ml', 'kom', 6.1, 3, '60');
  for (const c of ['crna', 'siva'])
    for (const [code, label] of [
      ['OK', 'okvira'],
      ['KR', 'krila'],
      ['ST', 'stakla'],
    ] as const)
      mat(`EPDM-${code}-${c.slice(0, 2).toUpperCase()}`, `EPDM brtva ${label}, ${c}`, 'm', 0.32, 3, '2500');
  mat('TRK-PAR', 'Paropropusna traka 70 mm', 'm', 0.6, 3, '800');
  mat('TRK-PAN', 'Paronepropusna traka 70 mm', 'm', 0.7, 3, '800');
  for (const depth of [200, 250, 300])
    for (const c of ['bijela', 'mramor'])
      mat(
        `KLU-UN-${depth}-${c.slice(0, 2).toUpperCase()}`,
        `Unutarnja PVC klupčica ${depth} mm, ${c}`,
        'm',
        4 + depth / 100,
        1,
        '90',
      );
  for (const depth of [150, 180, 210, 250])
    for (const c of ['bijela', 'smeđa', 'srebrna'])
      mat(
        `KLU-VA-${depth}-${c.slice(0, 2).toUpperCase()}`,
        `Vanjska Al klupčica ${depth} mm, ${c}`,
        'm',
        5 + depth / 60,
        1,
        '60',
      );
  mat('KOM-MR', 'Mreža za komarnik, siva', 'm2', 2.2, 2, '150');
  for (const c of ['bijeli', 'smeđi', 'antracit'])
    mat(`KOM-PR-${c.slice(0, 2).toUpperCase()}`, `Profil komarnika, ${c}`, 'm', 1.3, 2, '300');
  items.push(
    {
      sku: 'USL-MON',
      name: 'Montaža stolarije',
      kind: 'service',
      kpd_code: '43.32.09',
      base_unit: 'h',
      sales_price: '35',
      supplier: 0,
      stock: '0',
    },
    {
      sku: 'USL-DEM',
      name: 'Demontaža starog prozora',
      kind: 'service',
      kpd_code: '43.11.00',
      base_unit: 'kom',
      sales_price: '25',
      supplier: 0,
      stock: '0',
    },
    {
      sku: 'USL-PRI',
      name: 'Prijevoz do gradilišta',
      kind: 'service',
      kpd_code: '49.41.19',
      base_unit: 'kom',
      sales_price: '40',
      supplier: 0,
      stock: '0',
    },
  );
  return items;
}

export const DEMO_LOCATIONS = [
  { code: 'SKL', name: 'Glavno skladište', type: 'storage' },
  { code: 'PRO', name: 'Proizvodnja', type: 'production' },
  { code: 'GP', name: 'Gotovi proizvodi', type: 'storage' },
] as const;

export const DEMO_PROCESSES = [
  {
    code: 'REZ',
    name: 'Rezanje stakla',
    workCentre: 'Stol za rezanje',
    cost: '32',
    setup: '10',
    perUnit: '6',
    qc: false,
    category: 'cut',
  },
  {
    code: 'BRU',
    name: 'Brušenje rubova',
    workCentre: 'Brusilica rubova',
    cost: '34',
    setup: '10',
    perUnit: '5',
    qc: false,
    category: 'edge',
  },
  {
    code: 'BUS',
    name: 'Bušenje rupa',
    workCentre: 'Bušilica za staklo',
    cost: '34',
    setup: '10',
    perUnit: '4',
    qc: false,
    category: 'drill',
  },
  {
    code: 'KAL',
    name: 'Kaljenje',
    workCentre: 'Peć za kaljenje',
    cost: '55',
    setup: '30',
    perUnit: '8',
    qc: true,
    category: 'temper',
  },
  {
    code: 'IZO',
    name: 'IZO staklo',
    workCentre: 'Linija IZO stakla',
    cost: '38',
    setup: '15',
    perUnit: '12',
    qc: true,
    category: 'assemble',
  },
  {
    code: 'RPV',
    name: 'Rezanje PVC profila',
    workCentre: 'Dvoglava pila',
    cost: '34',
    setup: '10',
    perUnit: '8',
    qc: false,
    category: 'other',
  },
  {
    code: 'ZAV',
    name: 'Zavarivanje PVC',
    workCentre: 'Varilica četverokutna',
    cost: '36',
    setup: '10',
    perUnit: '14',
    qc: false,
    category: 'other',
  },
  {
    code: 'OKI',
    name: 'Okivanje',
    workCentre: 'Stol za okivanje',
    cost: '30',
    setup: '5',
    perUnit: '18',
    qc: true,
    category: 'other',
  },
  {
    code: 'MON',
    name: 'Montaža',
    workCentre: 'Teren',
    cost: '35',
    setup: '30',
    perUnit: '60',
    qc: false,
    category: 'other',
  },
] as const;

export const DEMO_SUPPLIERS = [
  { name: 'Staklo Export d.o.o.', city: 'Zagreb', street: 'Radnička cesta 48', postal: '10000', lead: 7 },
  { name: 'Profilplast d.o.o.', city: 'Varaždin', street: 'Zagrebačka 112', postal: '42000', lead: 10 },
  { name: 'Okovi Hrvatska d.o.o.', city: 'Osijek', street: 'Vukovarska 210', postal: '31000', lead: 5 },
  { name: 'Brtve i kemija j.d.o.o.', city: 'Rijeka', street: 'Školjić 3', postal: '51000', lead: 4 },
] as const;

export const DEMO_CLIENT_COMPANIES = [
  'Gradnja Kovačević d.o.o.',
  'Stanogradnja Split d.o.o.',
  'Adria Nekretnine d.o.o.',
  'Obrt za građevinu Marić',
  'Hotel Jadran d.d.',
  'Dom za starije Sveta Ana',
  'Vinarija Zlatna Gorica d.o.o.',
  'Apartmani Mediteran j.d.o.o.',
  'Eko Kuća d.o.o.',
  'Tehnogradnja Osijek d.o.o.',
  'Investicije Pula d.o.o.',
  'Općina Sveti Križ',
];

export const DEMO_CLIENT_PERSONS = [
  'Ivan Horvat',
  'Ana Kovačić',
  'Marko Babić',
  'Petra Jurić',
  'Tomislav Novak',
  'Maja Knežević',
  'Luka Vuković',
  'Ivana Marković',
  'Josip Petrović',
  'Katarina Pavlović',
  'Stjepan Blažević',
  'Marija Tomić',
];

export const DEMO_CITIES = [
  { city: 'Zagreb', postal: '10000', street: 'Ilica' },
  { city: 'Split', postal: '21000', street: 'Poljička cesta' },
  { city: 'Rijeka', postal: '51000', street: 'Korzo' },
  { city: 'Osijek', postal: '31000', street: 'Europska avenija' },
  { city: 'Zadar', postal: '23000', street: 'Put Bokanjca' },
  { city: 'Pula', postal: '52100', street: 'Flavijevska' },
  { city: 'Varaždin', postal: '42000', street: 'Gajeva' },
  { city: 'Karlovac', postal: '47000', street: 'Vladka Mačeka' },
] as const;

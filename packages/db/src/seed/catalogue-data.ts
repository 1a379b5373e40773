/**
 * The fixed vocabulary the generator draws from: brands, the category tree, sizes, colours, materials.
 * Changing anything here changes every generated catalogue, so tests that pin ids or prices will notice.
 */

/**
 * A brand as the catalogue shows it: its name is printed on the generated product images, which are drawn in the
 * variant's colour (product-image.ts), so a brand carries no colour of its own.
 */
export type SeedBrand = {
  id: string;
  name: string;
  /** Root categories the brand makes products for (the rest of the catalogue never shows this brand). */
  roots: readonly RootCategoryId[];
};

export type RootCategoryId = 'skate' | 'snow' | 'surf' | 'bike' | 'apparel' | 'protection';

export type SeedLeafCategory = {
  slug: string;
  name: string;
  /** Singular product noun used in names, e.g. 'Deck'. */
  noun: string;
  /** Size run; empty for one-size products (variants then differ by colour only). */
  sizes: readonly string[];
  materials: readonly string[];
  /** List price range in EUR (major units). */
  priceRange: readonly [number, number];
  /** Genders this kind of product is made for. */
  genders: readonly string[];
};

export type SeedRootCategory = { id: RootCategoryId; name: string; children: readonly SeedLeafCategory[] };

const APPAREL_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const;
const PAD_SIZES = ['S', 'M', 'L', 'XL'] as const;
const BOOT_SIZES = ['EU 38', 'EU 39', 'EU 40', 'EU 41', 'EU 42', 'EU 43', 'EU 44', 'EU 45', 'EU 46'] as const;
const ADULT_GENDERS = ['Men', 'Women', 'Unisex'] as const;
const ALL_GENDERS = ['Men', 'Women', 'Unisex', 'Kids'] as const;
const HARDGOODS_GENDERS = ['Unisex', 'Kids'] as const;

/** Six roots, 37 leaves: 43 categories in all. */
export const CATEGORY_TREE: readonly SeedRootCategory[] = [
  {
    id: 'skate',
    name: 'Skate',
    children: [
      {
        slug: 'decks',
        name: 'Decks',
        noun: 'Deck',
        sizes: ['7.75"', '8.0"', '8.25"', '8.5"', '8.75"', '9.0"'],
        materials: ['Canadian maple', 'Bamboo', 'Carbon fibre'],
        priceRange: [35, 90],
        genders: HARDGOODS_GENDERS,
      },
      {
        slug: 'wheels',
        name: 'Wheels',
        noun: 'Wheels',
        sizes: ['50mm', '52mm', '53mm', '54mm', '56mm', '58mm', '60mm'],
        materials: ['Urethane 99A', 'Urethane 101A', 'Urethane 83A'],
        priceRange: [25, 60],
        genders: HARDGOODS_GENDERS,
      },
      {
        slug: 'trucks',
        name: 'Trucks',
        noun: 'Trucks',
        sizes: ['129', '139', '144', '149', '159'],
        materials: ['Aluminium', 'Hollow titanium'],
        priceRange: [40, 110],
        genders: HARDGOODS_GENDERS,
      },
      {
        slug: 'bearings',
        name: 'Bearings',
        noun: 'Bearings',
        sizes: ['ABEC 5', 'ABEC 7', 'ABEC 9', 'Swiss'],
        materials: ['Steel', 'Ceramic'],
        priceRange: [12, 70],
        genders: HARDGOODS_GENDERS,
      },
      {
        slug: 'completes',
        name: 'Complete skateboards',
        noun: 'Complete',
        sizes: ['7.5"', '7.75"', '8.0"', '8.25"', '8.5"'],
        materials: ['Canadian maple', 'Bamboo'],
        priceRange: [70, 160],
        genders: HARDGOODS_GENDERS,
      },
      {
        slug: 'longboards',
        name: 'Longboards',
        noun: 'Longboard',
        sizes: ['36"', '38"', '40"', '42"', '44"'],
        materials: ['Bamboo', 'Canadian maple', 'Fibreglass'],
        priceRange: [110, 290],
        genders: HARDGOODS_GENDERS,
      },
      {
        slug: 'griptape',
        name: 'Griptape',
        noun: 'Griptape',
        sizes: [],
        materials: ['Silicon carbide'],
        priceRange: [6, 15],
        genders: HARDGOODS_GENDERS,
      },
    ],
  },
  {
    id: 'snow',
    name: 'Snow',
    children: [
      {
        slug: 'snowboards',
        name: 'Snowboards',
        noun: 'Snowboard',
        sizes: ['146', '150', '152', '154', '156', '158', '160', '163'],
        materials: ['Poplar core', 'Paulownia core', 'Carbon/poplar core'],
        priceRange: [280, 720],
        genders: ALL_GENDERS,
      },
      {
        slug: 'bindings',
        name: 'Bindings',
        noun: 'Bindings',
        sizes: ['S', 'M', 'L'],
        materials: ['Nylon composite', 'Aluminium'],
        priceRange: [150, 380],
        genders: ALL_GENDERS,
      },
      {
        slug: 'boots',
        name: 'Boots',
        noun: 'Boots',
        sizes: BOOT_SIZES,
        materials: ['Synthetic leather', 'Textile'],
        priceRange: [160, 450],
        genders: ALL_GENDERS,
      },
      {
        slug: 'goggles',
        name: 'Goggles',
        noun: 'Goggles',
        sizes: [],
        materials: ['Polycarbonate', 'Cylindrical lens', 'Spherical lens'],
        priceRange: [45, 220],
        genders: ADULT_GENDERS,
      },
      {
        slug: 'skis',
        name: 'Skis',
        noun: 'Skis',
        sizes: ['156', '163', '170', '177', '184'],
        materials: ['Wood core', 'Titanal laminate'],
        priceRange: [320, 850],
        genders: ALL_GENDERS,
      },
      {
        slug: 'gloves',
        name: 'Gloves',
        noun: 'Gloves',
        sizes: PAD_SIZES,
        materials: ['Gore-Tex', 'Leather', 'Polyester'],
        priceRange: [30, 140],
        genders: ALL_GENDERS,
      },
    ],
  },
  {
    id: 'surf',
    name: 'Surf',
    children: [
      {
        slug: 'surfboards',
        name: 'Surfboards',
        noun: 'Surfboard',
        sizes: ['5\'8"', '6\'0"', '6\'4"', '6\'8"', '7\'2"', '8\'0"', '9\'0"'],
        materials: ['PU/polyester', 'EPS/epoxy', 'Soft top'],
        priceRange: [300, 950],
        genders: ['Unisex'],
      },
      {
        slug: 'wetsuits',
        name: 'Wetsuits',
        noun: 'Wetsuit',
        sizes: APPAREL_SIZES,
        materials: ['Neoprene 3/2mm', 'Neoprene 4/3mm', 'Neoprene 5/4mm'],
        priceRange: [120, 480],
        genders: ALL_GENDERS,
      },
      {
        slug: 'leashes',
        name: 'Leashes',
        noun: 'Leash',
        sizes: ["6'", "7'", "8'", "9'"],
        materials: ['Urethane cord'],
        priceRange: [20, 45],
        genders: ['Unisex'],
      },
      {
        slug: 'fins',
        name: 'Fins',
        noun: 'Fin set',
        sizes: ['S', 'M', 'L'],
        materials: ['Fibreglass', 'Honeycomb', 'Plastic'],
        priceRange: [25, 140],
        genders: ['Unisex'],
      },
      {
        slug: 'traction-pads',
        name: 'Traction pads',
        noun: 'Traction pad',
        sizes: [],
        materials: ['EVA foam'],
        priceRange: [25, 60],
        genders: ['Unisex'],
      },
      {
        slug: 'boardshorts',
        name: 'Boardshorts',
        noun: 'Boardshorts',
        sizes: ['28', '30', '32', '34', '36', '38'],
        materials: ['Recycled polyester', '4-way stretch'],
        priceRange: [35, 90],
        genders: ADULT_GENDERS,
      },
    ],
  },
  {
    id: 'bike',
    name: 'Bike',
    children: [
      {
        slug: 'bmx-bikes',
        name: 'BMX bikes',
        noun: 'BMX',
        sizes: ['18"', '20"', '20.5"', '21"'],
        materials: ['Chromoly', 'Hi-ten steel'],
        priceRange: [320, 900],
        genders: HARDGOODS_GENDERS,
      },
      {
        slug: 'mtb-frames',
        name: 'MTB frames',
        noun: 'Frame',
        sizes: ['S', 'M', 'L', 'XL'],
        materials: ['Aluminium', 'Carbon fibre', 'Steel'],
        priceRange: [600, 2400],
        genders: ['Unisex'],
      },
      {
        slug: 'tyres',
        name: 'Tyres',
        noun: 'Tyre',
        sizes: ['26 x 2.3', '27.5 x 2.4', '29 x 2.4', '29 x 2.6'],
        materials: ['Dual compound rubber', 'Triple compound rubber'],
        priceRange: [30, 80],
        genders: ['Unisex'],
      },
      {
        slug: 'grips',
        name: 'Grips',
        noun: 'Grips',
        sizes: [],
        materials: ['Rubber', 'Silicone'],
        priceRange: [10, 35],
        genders: ['Unisex'],
      },
      {
        slug: 'pedals',
        name: 'Pedals',
        noun: 'Pedals',
        sizes: [],
        materials: ['Aluminium', 'Nylon composite'],
        priceRange: [25, 160],
        genders: ['Unisex'],
      },
      {
        slug: 'jerseys',
        name: 'Jerseys',
        noun: 'Jersey',
        sizes: APPAREL_SIZES,
        materials: ['Polyester mesh', 'Merino blend'],
        priceRange: [35, 95],
        genders: ADULT_GENDERS,
      },
    ],
  },
  {
    id: 'apparel',
    name: 'Apparel',
    children: [
      {
        slug: 'jackets',
        name: 'Jackets',
        noun: 'Jacket',
        sizes: APPAREL_SIZES,
        materials: ['Gore-Tex', 'Recycled nylon', 'Softshell', 'Down'],
        priceRange: [90, 420],
        genders: ALL_GENDERS,
      },
      {
        slug: 'hoodies',
        name: 'Hoodies',
        noun: 'Hoodie',
        sizes: APPAREL_SIZES,
        materials: ['Organic cotton', 'Cotton/polyester fleece'],
        priceRange: [45, 110],
        genders: ALL_GENDERS,
      },
      {
        slug: 't-shirts',
        name: 'T-shirts',
        noun: 'Tee',
        sizes: APPAREL_SIZES,
        materials: ['Organic cotton', 'Cotton', 'Recycled polyester'],
        priceRange: [18, 45],
        genders: ALL_GENDERS,
      },
      {
        slug: 'pants',
        name: 'Pants',
        noun: 'Pants',
        sizes: ['28', '30', '32', '34', '36', '38'],
        materials: ['Cotton twill', 'Denim', 'Ripstop'],
        priceRange: [50, 130],
        genders: ADULT_GENDERS,
      },
      {
        slug: 'caps',
        name: 'Caps',
        noun: 'Cap',
        sizes: [],
        materials: ['Cotton', 'Wool blend', 'Recycled polyester'],
        priceRange: [20, 45],
        genders: ['Unisex'],
      },
      {
        slug: 'beanies',
        name: 'Beanies',
        noun: 'Beanie',
        sizes: [],
        materials: ['Acrylic', 'Merino wool'],
        priceRange: [15, 40],
        genders: ['Unisex', 'Kids'],
      },
      {
        slug: 'socks',
        name: 'Socks',
        noun: 'Socks',
        sizes: ['35-38', '39-42', '43-46'],
        materials: ['Cotton', 'Merino wool'],
        priceRange: [8, 25],
        genders: ['Unisex'],
      },
    ],
  },
  {
    id: 'protection',
    name: 'Protection',
    children: [
      {
        slug: 'helmets',
        name: 'Helmets',
        noun: 'Helmet',
        sizes: PAD_SIZES,
        materials: ['EPS/ABS shell', 'MIPS in-mould', 'EPP'],
        priceRange: [45, 240],
        genders: ['Unisex', 'Kids'],
      },
      {
        slug: 'knee-pads',
        name: 'Knee pads',
        noun: 'Knee pads',
        sizes: PAD_SIZES,
        materials: ['EVA foam', 'D3O'],
        priceRange: [25, 90],
        genders: ['Unisex', 'Kids'],
      },
      {
        slug: 'elbow-pads',
        name: 'Elbow pads',
        noun: 'Elbow pads',
        sizes: PAD_SIZES,
        materials: ['EVA foam', 'D3O'],
        priceRange: [20, 70],
        genders: ['Unisex', 'Kids'],
      },
      {
        slug: 'wrist-guards',
        name: 'Wrist guards',
        noun: 'Wrist guards',
        sizes: PAD_SIZES,
        materials: ['Polypropylene splint'],
        priceRange: [18, 45],
        genders: ['Unisex', 'Kids'],
      },
      {
        slug: 'back-protectors',
        name: 'Back protectors',
        noun: 'Back protector',
        sizes: ['S', 'M', 'L'],
        materials: ['D3O', 'Hard shell'],
        priceRange: [70, 220],
        genders: ADULT_GENDERS,
      },
    ],
  },
];

export const ROOT_CATEGORY_IDS: readonly RootCategoryId[] = CATEGORY_TREE.map((root) => root.id);

/** Twelve-plus brands; `BB` is the house brand, in every root category. */
export const BRANDS: readonly SeedBrand[] = [
  { id: 'bb', name: 'BB', roots: ROOT_CATEGORY_IDS },
  { id: 'northline', name: 'Northline', roots: ['snow', 'apparel', 'protection'] },
  { id: 'saltwater-supply', name: 'Saltwater Supply', roots: ['surf', 'apparel'] },
  { id: 'kickflip-co', name: 'Kickflip Co.', roots: ['skate', 'apparel'] },
  { id: 'powder-hound', name: 'Powder Hound', roots: ['snow', 'apparel'] },
  { id: 'tidebreak', name: 'Tidebreak', roots: ['surf'] },
  { id: 'gravel-and-grit', name: 'Gravel & Grit', roots: ['bike', 'protection'] },
  { id: 'apex-alpine', name: 'Apex Alpine', roots: ['snow', 'protection'] },
  { id: 'urban-drift', name: 'Urban Drift', roots: ['skate', 'apparel', 'bike'] },
  { id: 'blacktop-boards', name: 'Blacktop Boards', roots: ['skate'] },
  { id: 'frostbite', name: 'Frostbite', roots: ['snow', 'apparel'] },
  { id: 'ironclad', name: 'Ironclad', roots: ['protection', 'bike', 'skate'] },
  { id: 'vantage-bike-works', name: 'Vantage Bike Works', roots: ['bike'] },
  { id: 'lowtide', name: 'Lowtide', roots: ['surf', 'skate', 'apparel'] },
];

export const COLOURS: readonly { name: string; hex: string }[] = [
  { name: 'Black', hex: '#111111' },
  { name: 'White', hex: '#f5f5f5' },
  { name: 'Red', hex: '#dc2626' },
  { name: 'Blue', hex: '#2563eb' },
  { name: 'Navy', hex: '#1e3a8a' },
  { name: 'Green', hex: '#16a34a' },
  { name: 'Olive', hex: '#65730f' },
  { name: 'Yellow', hex: '#eab308' },
  { name: 'Orange', hex: '#ea580c' },
  { name: 'Grey', hex: '#6b7280' },
  { name: 'Pink', hex: '#db2777' },
  { name: 'Purple', hex: '#7c3aed' },
  { name: 'Teal', hex: '#0d9488' },
  { name: 'Sand', hex: '#d6c7a1' },
];

export const SEASONS = ['SS25', 'AW25', 'SS26', 'AW26', 'All season'] as const;

/** Model names; combined with an optional edition they give names like "Kickflip Co. Vortex Pro Deck". */
export const MODEL_NAMES = [
  'Apex',
  'Drift',
  'Ridge',
  'Summit',
  'Nova',
  'Vortex',
  'Pulse',
  'Shoreline',
  'Cascade',
  'Ember',
  'Glacier',
  'Horizon',
  'Inlet',
  'Juniper',
  'Kestrel',
  'Lumen',
  'Mesa',
  'Nimbus',
  'Orbit',
  'Pioneer',
  'Quarry',
  'Rapid',
  'Sierra',
  'Tundra',
  'Undertow',
  'Vector',
  'Wildcard',
  'Zephyr',
  'Atlas',
  'Boulder',
  'Comet',
  'Dune',
  'Flint',
  'Granite',
  'Harbor',
  'Ion',
] as const;
export const EDITIONS = ['', '', '', 'Pro', 'Team', 'Classic', 'Evo', 'LT', 'Pro Model', 'Signature', 'V2'] as const;
export const DESCRIPTION_OPENERS = [
  'Built for riders who push it every day.',
  'A shop favourite that keeps selling season after season.',
  'Lightweight, tough and tested by our team riders.',
  'Designed in-house and made to last.',
  'The go-to choice for beginners and pros alike.',
  'Reworked for this season with better materials.',
] as const;

// The demo marketplace: categories, stores and product templates. Plain data, read by demo-catalog.ts.

export interface DemoCategory {
  name: string;
  color: string;
  subs: { name: string; children: string[] }[];
}

export const demoCategories: DemoCategory[] = [
  {
    name: 'Phones & Tablets',
    color: '#1d4ed8',
    subs: [
      { name: 'Smartphones', children: ['Android Phones', 'iPhones'] },
      { name: 'Tablets', children: ['Android Tablets', 'iPads'] },
      { name: 'Phone Accessories', children: ['Chargers & Cables', 'Power Banks', 'Phone Cases'] },
    ],
  },
  {
    name: 'Fashion',
    color: '#be185d',
    subs: [
      { name: "Women's Clothing", children: ['Ankara Dresses', 'Gowns', 'Tops'] },
      { name: "Men's Clothing", children: ['Kaftans & Agbada', 'Shirts', 'Trousers'] },
      { name: 'Shoes', children: ['Sandals', 'Sneakers'] },
    ],
  },
  {
    name: 'Home & Kitchen',
    color: '#b45309',
    subs: [
      { name: 'Cookware', children: ['Pots & Pans', 'Cooking Utensils'] },
      { name: 'Small Appliances', children: ['Blenders', 'Kettles'] },
      { name: 'Home Decor', children: ['Throw Pillows', 'Wall Art'] },
    ],
  },
  {
    name: 'Electronics',
    color: '#047857',
    subs: [
      {
        name: 'Power & Solar',
        children: ['Inverters', 'Solar Panels', 'Inverter Batteries', 'Generators', 'Solar Lights'],
      },
      { name: 'Audio', children: ['Speakers', 'Headphones'] },
      { name: 'Television', children: ['Smart TVs'] },
    ],
  },
  {
    name: 'Health & Beauty',
    color: '#7c3aed',
    subs: [
      { name: 'Skin Care', children: ['Shea Butter', 'Black Soap', 'Body Lotions'] },
      { name: 'Hair Care', children: ['Wigs', 'Hair Oils'] },
    ],
  },
  {
    name: 'Groceries',
    color: '#a16207',
    subs: [
      { name: 'Grains & Flour', children: ['Rice', 'Garri', 'Beans'] },
      { name: 'Spices & Seasoning', children: ['Pepper & Spices', 'Seasoning Cubes'] },
      { name: 'Drinks', children: ['Zobo & Juices', 'Malt Drinks'] },
    ],
  },
];

export interface DemoStore {
  storeName: string;
  owner: { email: string; firstName: string; lastName: string; phoneNumber: string };
  state: string;
  lga: string;
  city: string;
  street: string;
  /**
   * The child categories the store sells, and nothing else: a solar shop sells power and solar, not phones.
   * Its onboarding answers (main category and sub-categories) are worked out from them.
   */
  sells: string[];
  officialOutlet?: boolean;
}

export const demoStores: DemoStore[] = [
  {
    storeName: 'Chinedu Gadgets',
    owner: {
      email: 'merchant@demo.ng',
      firstName: 'Chinedu',
      lastName: 'Obi',
      phoneNumber: '+2348030000005',
    },
    state: 'Lagos',
    lga: 'Ikeja',
    city: 'Computer Village, Ikeja',
    street: '21 Otigba Street',
    sells: [
      'Android Phones',
      'iPhones',
      'Android Tablets',
      'iPads',
      'Chargers & Cables',
      'Power Banks',
      'Phone Cases',
      'Speakers',
      'Headphones',
      'Smart TVs',
    ],
    officialOutlet: true,
  },
  {
    storeName: 'Ankara Palace',
    owner: {
      email: 'ankara@demo.ng',
      firstName: 'Bisola',
      lastName: 'Adeyemi',
      phoneNumber: '+2348030000011',
    },
    state: 'Lagos',
    lga: 'Lagos Island',
    city: 'Balogun Market',
    street: '4 Breadfruit Street',
    sells: [
      'Ankara Dresses',
      'Gowns',
      'Tops',
      'Kaftans & Agbada',
      'Shirts',
      'Trousers',
      'Sandals',
      'Sneakers',
    ],
  },
  {
    storeName: 'Mama Titi Kitchen',
    owner: {
      email: 'kitchen@demo.ng',
      firstName: 'Titilayo',
      lastName: 'Ogunleye',
      phoneNumber: '+2348030000012',
    },
    state: 'Oyo',
    lga: 'Ibadan North',
    city: 'Bodija, Ibadan',
    street: '9 Bodija Market Road',
    sells: [
      'Pots & Pans',
      'Cooking Utensils',
      'Blenders',
      'Kettles',
      'Throw Pillows',
      'Wall Art',
      'Rice',
      'Garri',
      'Beans',
      'Pepper & Spices',
      'Seasoning Cubes',
      'Zobo & Juices',
      'Malt Drinks',
    ],
  },
  {
    storeName: 'Glow Naturals',
    owner: { email: 'glow@demo.ng', firstName: 'Amina', lastName: 'Bello', phoneNumber: '+2348030000013' },
    state: 'Federal Capital Territory',
    lga: 'Abuja Municipal Area Council',
    city: 'Wuse 2, Abuja',
    street: '15 Aminu Kano Crescent',
    sells: ['Shea Butter', 'Black Soap', 'Body Lotions', 'Wigs', 'Hair Oils'],
  },
  {
    storeName: 'Arewa Grains',
    owner: {
      email: 'grains@demo.ng',
      firstName: 'Sani',
      lastName: 'Abubakar',
      phoneNumber: '+2348030000014',
    },
    state: 'Kano',
    lga: 'Fagge',
    city: 'Kano',
    street: '3 Sabon Gari Market',
    sells: ['Rice', 'Garri', 'Beans', 'Pepper & Spices', 'Seasoning Cubes'],
  },
  {
    storeName: 'PowerUp Solar',
    owner: { email: 'solar@demo.ng', firstName: 'Ebiere', lastName: 'Tamuno', phoneNumber: '+2348030000015' },
    state: 'Rivers',
    lga: 'Port Harcourt',
    city: 'Port Harcourt',
    street: '40 Aba Road',
    sells: ['Inverters', 'Solar Panels', 'Inverter Batteries', 'Generators', 'Solar Lights'],
    officialOutlet: true,
  },
];

/** One product on a shelf: its regular price in naira (late 2026) and, when it differs from its shelf's, its weight. */
export interface DemoProduct {
  name: string;
  price: number;
  weightKg?: number;
}

/** A print fabric's colourway: the name's descriptor and the colour its variants carry. */
export interface Colourway {
  label: string;
  colour: string;
}

/** Print fabrics come in colourways; each colourway is its own product, in its own colour, in every size. */
export const colourways: Colourway[] = [
  { label: 'Blue Pattern', colour: 'Blue' },
  { label: 'Red & Gold', colour: 'Red & Gold' },
  { label: 'Green Royale', colour: 'Green' },
  { label: 'Purple Bloom', colour: 'Purple' },
  { label: 'Classic Black', colour: 'Black' },
];

export interface ProductShelf {
  products: DemoProduct[];
  weightKg: number;
  /**
   * `prints`: one product per colourway (two each), sizes S to XL in that colour; `clothing`: sizes S to XL in
   * the shelf's plain colours; `shoes`: sizes 40 to 44; `storage`: 128GB and 256GB (the listed price is 256GB).
   */
  variants?: 'prints' | 'clothing' | 'shoes' | 'storage';
  colours?: string[];
}

/**
 * What each child category's shelf holds, priced as a Lagos or Kano shop would in late 2026. Within a family,
 * more (kVA, watts, kg, inches, mAh, pieces in a pack) costs more, and a brand's entry model costs less than its
 * flagship; the demo catalogue test checks both.
 */
export const productTemplates: Record<string, ProductShelf> = {
  'Android Phones': {
    products: [
      { name: 'itel A70', price: 115_000 },
      { name: 'itel P55', price: 149_000 },
      { name: 'Tecno Spark 20', price: 189_000 },
      { name: 'Xiaomi Redmi 13C', price: 175_000 },
      { name: 'Infinix Hot 40', price: 215_000 },
      { name: 'Samsung Galaxy A15', price: 269_000 },
      { name: 'Tecno Pova 6', price: 329_000 },
      { name: 'Infinix Note 40', price: 349_000 },
      { name: 'Tecno Camon 30', price: 399_000 },
      { name: 'Samsung Galaxy A25', price: 425_000 },
    ],
    weightKg: 0.4,
    variants: 'storage',
  },
  iPhones: {
    products: [
      { name: 'iPhone 12 Pro (UK used)', price: 520_000 },
      { name: 'iPhone 13 (UK used)', price: 610_000 },
      { name: 'iPhone 14', price: 1_150_000 },
    ],
    weightKg: 0.4,
    variants: 'storage',
  },
  'Android Tablets': {
    products: [
      { name: 'Tecno Megapad 10', price: 165_000 },
      { name: 'Lenovo Tab M10', price: 210_000 },
      { name: 'Samsung Galaxy Tab A9', price: 245_000 },
      { name: 'Samsung Galaxy Tab A9+', price: 335_000 },
    ],
    weightKg: 0.7,
  },
  iPads: {
    products: [
      { name: 'iPad 9th Gen', price: 520_000 },
      { name: 'iPad Air 5', price: 980_000 },
    ],
    weightKg: 0.7,
  },
  'Chargers & Cables': {
    products: [
      { name: 'Type-C Braided Cable 2m', price: 4_500 },
      { name: 'Lightning Cable 1m', price: 5_000 },
      { name: 'Oraimo Fast Charger 18W', price: 6_500 },
      { name: 'Car Charger Dual USB', price: 7_000 },
      { name: 'Oraimo Fast Charger 33W', price: 11_500 },
      { name: 'Micro-USB Cable 1m', price: 2_500 },
    ],
    weightKg: 0.1,
  },
  'Power Banks': {
    products: [
      { name: 'Oraimo Traveler 10000mAh', price: 15_500 },
      { name: 'Oraimo Traveler 20000mAh', price: 24_000 },
      { name: 'New Age 30000mAh Power Bank', price: 34_000 },
      { name: 'Oraimo Toast 40000mAh', price: 45_000 },
    ],
    weightKg: 0.5,
  },
  'Phone Cases': {
    products: [
      { name: 'Clear Silicone Case', price: 2_500 },
      { name: 'Shockproof Case', price: 4_500 },
      { name: 'Leather Flip Cover', price: 6_500 },
      { name: 'Rugged Armour Case', price: 5_500 },
    ],
    weightKg: 0.1,
  },
  'Ankara Dresses': {
    products: [
      { name: 'Ankara Wrap Dress', price: 25_000 },
      { name: 'Ankara Flare Dress', price: 28_000 },
      { name: 'Ankara Maxi Dress', price: 32_000 },
      { name: 'Ankara Peplum Gown', price: 35_000 },
      { name: 'Ankara Jumpsuit', price: 30_000 },
      { name: 'Ankara Kimono Dress', price: 27_000 },
    ],
    weightKg: 0.5,
    variants: 'prints',
  },
  Gowns: {
    products: [
      { name: 'Adire Kaftan Gown', price: 45_000 },
      { name: 'Lace Owambe Gown', price: 85_000 },
      { name: 'Ankara Mermaid Gown', price: 65_000 },
    ],
    weightKg: 0.8,
    variants: 'prints',
  },
  Tops: {
    products: [
      { name: 'Adire Crop Top', price: 12_000 },
      { name: 'Ankara Peplum Top', price: 15_000 },
      { name: 'Ankara Off-shoulder Top', price: 14_000 },
      { name: 'Lace Blouse', price: 16_000 },
    ],
    weightKg: 0.3,
    variants: 'prints',
  },
  'Kaftans & Agbada': {
    products: [
      { name: 'Senator Kaftan', price: 55_000 },
      { name: 'Embroidered Kaftan', price: 75_000 },
      { name: 'Three-piece Agbada', price: 180_000 },
    ],
    weightKg: 1.2,
    variants: 'clothing',
    colours: ['Navy', 'Cream', 'Wine'],
  },
  Shirts: {
    products: [
      { name: 'Ankara Print Shirt', price: 16_500 },
      { name: 'Adire Short-sleeve Shirt', price: 18_000 },
      { name: 'Kente Trim Shirt', price: 21_000 },
    ],
    weightKg: 0.4,
    variants: 'prints',
  },
  Trousers: {
    products: [
      { name: 'Joggers', price: 14_000 },
      { name: 'Chinos Trousers', price: 18_000 },
      { name: 'Tailored Trousers', price: 25_000 },
    ],
    weightKg: 0.6,
    variants: 'clothing',
    colours: ['Khaki', 'Navy'],
  },
  Sandals: {
    products: [
      { name: 'Beaded Slippers', price: 15_000 },
      { name: 'Handmade Leather Palm Slippers', price: 18_000 },
      { name: 'Aba Leather Sandals', price: 22_000 },
    ],
    weightKg: 0.7,
    variants: 'shoes',
  },
  Sneakers: {
    products: [
      { name: 'Canvas Sneakers', price: 22_000 },
      { name: 'Running Sneakers', price: 45_000 },
      { name: 'White Leather Sneakers', price: 65_000 },
    ],
    weightKg: 0.9,
    variants: 'shoes',
  },
  'Pots & Pans': {
    products: [
      { name: 'Cast Iron Frying Pan', price: 28_000 },
      { name: 'Stainless Stock Pot 20L', price: 48_000 },
      { name: 'Pressure Pot 7L', price: 55_000 },
      { name: 'Non-stick Pot Set (5 pcs)', price: 65_000 },
    ],
    weightKg: 4,
  },
  'Cooking Utensils': {
    products: [
      { name: 'Wooden Spoon Set', price: 6_500 },
      { name: 'Stainless Spatula Set', price: 9_500 },
      { name: 'Wooden Mortar and Pestle', price: 15_000 },
      { name: 'Aluminium Sieve Set', price: 5_500 },
    ],
    weightKg: 0.8,
  },
  Blenders: {
    products: [
      { name: 'Silver Crest Blender 3L', price: 45_000 },
      { name: 'Binatone Blender with Grinder', price: 58_000 },
      { name: 'Kenwood Blender 1.5L', price: 95_000 },
    ],
    weightKg: 3,
  },
  Kettles: {
    products: [
      { name: 'Stainless Whistling Kettle', price: 15_000 },
      { name: 'Electric Kettle 1.8L', price: 22_000 },
      { name: 'Cordless Kettle 1.7L', price: 28_000 },
    ],
    weightKg: 1.5,
  },
  'Throw Pillows': {
    products: [
      { name: 'Adire Throw Pillow', price: 9_500 },
      { name: 'Velvet Throw Pillow', price: 12_000 },
      { name: 'Ankara Cushion Cover Set', price: 18_000 },
    ],
    weightKg: 0.6,
  },
  'Wall Art': {
    products: [
      { name: 'Abstract Ankara Canvas', price: 38_000 },
      { name: 'Lagos Skyline Canvas', price: 45_000 },
      { name: 'Benin Bronze Print', price: 65_000 },
    ],
    weightKg: 2,
  },
  Inverters: {
    products: [
      { name: '1kVA Inverter', price: 265_000 },
      { name: '1.5kVA Inverter', price: 420_000 },
      { name: '2.5kVA Pure Sine Inverter', price: 680_000 },
      { name: '3.5kVA Hybrid Inverter', price: 1_050_000 },
      { name: '5kVA Hybrid Inverter', price: 1_450_000 },
    ],
    weightKg: 18,
  },
  'Solar Panels': {
    products: [
      { name: '100W Mono Solar Panel', price: 52_000 },
      { name: '200W Poly Solar Panel', price: 85_000 },
      { name: '300W Mono Solar Panel', price: 125_000 },
      { name: '450W Mono Solar Panel', price: 185_000 },
      { name: '550W Mono Solar Panel', price: 235_000 },
    ],
    weightKg: 20,
  },
  'Inverter Batteries': {
    products: [
      { name: '100Ah Lithium Battery 12V', price: 520_000, weightKg: 12 },
      { name: '200Ah Tubular Battery', price: 480_000, weightKg: 60 },
      { name: '220Ah Tubular Battery', price: 545_000, weightKg: 65 },
    ],
    weightKg: 60,
  },
  Generators: {
    products: [
      { name: 'Tiger 1.2kVA', price: 165_000, weightKg: 25 },
      { name: 'Sumec Firman 2.8kVA', price: 450_000 },
      { name: 'Elepaq 3.5kVA', price: 585_000 },
      { name: 'Elepaq 6.5kVA', price: 980_000, weightKg: 90 },
      { name: 'Sumec Firman 8.5kVA', price: 1_350_000, weightKg: 110 },
    ],
    weightKg: 45,
  },
  'Solar Lights': {
    products: [
      { name: 'Rechargeable Solar Lantern', price: 12_500 },
      { name: 'Solar Security Light 100W', price: 38_000 },
      { name: 'Solar Street Light 200W', price: 72_000 },
    ],
    weightKg: 3,
  },
  Speakers: {
    products: [
      { name: 'Oraimo Boom Speaker', price: 25_000 },
      { name: 'Bluetooth Party Speaker', price: 65_000 },
      { name: 'JBL Flip 6', price: 145_000 },
      { name: 'Oraimo SoundGo 3', price: 35_000 },
      { name: 'Home Theatre 5.1', price: 185_000 },
      { name: 'Soundbar 2.1 with Subwoofer', price: 120_000 },
    ],
    weightKg: 3,
  },
  Headphones: {
    products: [
      { name: 'Wired Earphones', price: 3_500 },
      { name: 'Oraimo FreePods 4', price: 22_000 },
      { name: 'Neckband Earphones', price: 12_500 },
      { name: 'Wireless Over-ear Headphones', price: 45_000 },
      { name: 'Gaming Headset with Mic', price: 38_000 },
    ],
    weightKg: 0.3,
  },
  'Smart TVs': {
    products: [
      { name: 'TCL 32" Android TV', price: 185_000 },
      { name: 'Hisense 43" Smart TV', price: 365_000 },
      { name: 'Samsung 50" 4K Smart TV', price: 690_000 },
      { name: 'LG 55" 4K Smart TV', price: 850_000 },
      { name: 'Hisense 65" 4K Smart TV', price: 1_250_000 },
    ],
    weightKg: 12,
  },
  'Shea Butter': {
    products: [
      { name: 'Raw Shea Butter 250g', price: 2_800 },
      { name: 'Raw Shea Butter 500g', price: 4_500 },
      { name: 'Whipped Shea Butter 250g', price: 3_400 },
      { name: 'Shea Butter with Cocoa 500g', price: 6_000 },
      { name: 'Raw Shea Butter 1kg', price: 8_500 },
    ],
    weightKg: 0.6,
  },
  'Black Soap': {
    products: [
      { name: 'Ose Dudu Black Soap', price: 2_500 },
      { name: 'Black Soap with Honey', price: 4_000 },
      { name: 'Liquid African Black Soap', price: 5_500 },
      { name: 'Black Soap with Shea Butter', price: 3_500 },
      { name: 'Black Soap Bars (pack of 3)', price: 6_000 },
    ],
    weightKg: 0.4,
  },
  'Body Lotions': {
    products: [
      { name: 'Aloe Body Lotion', price: 7_000 },
      { name: 'Cocoa Butter Lotion', price: 8_500 },
      { name: 'Glow Body Oil', price: 9_500 },
      { name: 'Carrot Body Lotion', price: 6_500 },
      { name: 'Sunscreen SPF 50', price: 12_500 },
    ],
    weightKg: 0.5,
  },
  Wigs: {
    products: [
      { name: 'Curly Bob Wig', price: 65_000 },
      { name: 'Kinky Straight Wig 16"', price: 120_000 },
      { name: 'Bone Straight Wig 20"', price: 185_000 },
      { name: 'Frontal Body Wave Wig', price: 220_000 },
      { name: 'Braided Wig', price: 85_000 },
    ],
    weightKg: 0.4,
  },
  'Hair Oils': {
    products: [
      { name: 'Coconut Hair Oil', price: 4_500 },
      { name: 'Chebe Hair Oil', price: 6_500 },
      { name: 'Rosemary Growth Oil', price: 7_500 },
      { name: 'Castor Oil 250ml', price: 5_000 },
      { name: 'Argan Hair Oil', price: 9_000 },
    ],
    weightKg: 0.3,
  },
  Rice: {
    products: [
      { name: 'Ofada Rice 5kg', price: 14_500 },
      { name: 'Basmati Rice 5kg', price: 18_500 },
      { name: 'Stone-free Rice 10kg', price: 26_000 },
      { name: 'Local Parboiled Rice 25kg', price: 48_000 },
      { name: 'Foreign Parboiled Rice 50kg', price: 95_000 },
    ],
    weightKg: 10,
  },
  Garri: {
    products: [
      { name: 'White Garri 2kg', price: 3_500 },
      { name: 'Ijebu Garri 5kg', price: 9_000 },
      { name: 'Yellow Garri 10kg', price: 15_000 },
      { name: 'Ijebu Garri 25kg', price: 34_000 },
    ],
    weightKg: 5,
  },
  Beans: {
    products: [
      { name: 'Oloyin Honey Beans 5kg', price: 14_000 },
      { name: 'Brown Beans 10kg', price: 22_000 },
      { name: 'White Beans 25kg', price: 52_000 },
    ],
    weightKg: 8,
  },
  'Pepper & Spices': {
    products: [
      { name: 'Ogiri Iru Locust Beans', price: 1_800 },
      { name: 'Dried Cameroon Pepper', price: 2_500 },
      { name: 'Suya Spice (Yaji) 250g', price: 3_000 },
      { name: 'Ground Crayfish 500g', price: 6_500 },
      { name: 'Dried Uziza Seeds', price: 2_200 },
    ],
    weightKg: 0.3,
  },
  'Seasoning Cubes': {
    products: [
      { name: 'Crayfish Seasoning Powder', price: 3_500 },
      { name: 'Seasoning Cubes (pack of 50)', price: 2_600 },
      { name: 'Seasoning Cubes (pack of 100)', price: 4_800 },
    ],
    weightKg: 0.5,
  },
  'Zobo & Juices': {
    products: [
      { name: 'Fresh Pineapple Juice 1L', price: 3_000 },
      { name: 'Tiger Nut Drink 1L', price: 3_500 },
      { name: 'Zobo Drink (pack of 6)', price: 5_400 },
    ],
    weightKg: 2,
  },
  'Malt Drinks': {
    products: [
      { name: 'Malt Drink (pack of 6)', price: 4_200 },
      { name: 'Malt Drink (pack of 24)', price: 15_600 },
    ],
    weightKg: 8,
  },
};

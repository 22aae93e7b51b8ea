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
      { name: 'Power & Solar', children: ['Inverters', 'Solar Panels', 'Generators'] },
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
  categories: string[];
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
    categories: ['Phones & Tablets', 'Electronics'],
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
    categories: ['Fashion'],
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
    categories: ['Home & Kitchen', 'Groceries'],
  },
  {
    storeName: 'Glow Naturals',
    owner: { email: 'glow@demo.ng', firstName: 'Amina', lastName: 'Bello', phoneNumber: '+2348030000013' },
    state: 'Federal Capital Territory',
    lga: 'Abuja Municipal Area Council',
    city: 'Wuse 2, Abuja',
    street: '15 Aminu Kano Crescent',
    categories: ['Health & Beauty'],
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
    categories: ['Groceries'],
  },
  {
    storeName: 'PowerUp Solar',
    owner: { email: 'solar@demo.ng', firstName: 'Ebiere', lastName: 'Tamuno', phoneNumber: '+2348030000015' },
    state: 'Rivers',
    lga: 'Port Harcourt',
    city: 'Port Harcourt',
    street: '40 Aba Road',
    categories: ['Electronics', 'Phones & Tablets'],
    officialOutlet: true,
  },
];

/** Product name parts per child category: brands and models that read like a Nigerian shop's shelf. */
export const productTemplates: Record<
  string,
  {
    names: string[];
    priceRange: [number, number];
    weightKg: number;
    variants?: 'clothing' | 'shoes' | 'storage';
  }
> = {
  'Android Phones': {
    names: [
      'Tecno Camon 30',
      'Infinix Hot 40',
      'Samsung Galaxy A15',
      'itel P55',
      'Xiaomi Redmi 13C',
      'Tecno Spark 20',
    ],
    priceRange: [95_000, 420_000],
    weightKg: 0.4,
    variants: 'storage',
  },
  iPhones: {
    names: ['iPhone 13 (UK used)', 'iPhone 14', 'iPhone 12 Pro (UK used)'],
    priceRange: [480_000, 1_250_000],
    weightKg: 0.4,
    variants: 'storage',
  },
  'Android Tablets': {
    names: ['Samsung Galaxy Tab A9', 'Tecno Megapad 10', 'Lenovo Tab M10'],
    priceRange: [110_000, 320_000],
    weightKg: 0.7,
  },
  iPads: { names: ['iPad 9th Gen', 'iPad Air 5'], priceRange: [380_000, 900_000], weightKg: 0.7 },
  'Chargers & Cables': {
    names: [
      'Oraimo Fast Charger 18W',
      'Type-C Braided Cable 2m',
      'Lightning Cable 1m',
      'Car Charger Dual USB',
    ],
    priceRange: [2_500, 12_000],
    weightKg: 0.1,
  },
  'Power Banks': {
    names: ['Oraimo Traveler 20000mAh', 'New Age 30000mAh Power Bank', 'Solar Power Bank 10000mAh'],
    priceRange: [9_000, 38_000],
    weightKg: 0.5,
  },
  'Phone Cases': {
    names: ['Shockproof Case', 'Leather Flip Cover', 'Clear Silicone Case'],
    priceRange: [1_500, 7_500],
    weightKg: 0.1,
  },
  'Ankara Dresses': {
    names: ['Ankara Flare Dress', 'Ankara Peplum Gown', 'Ankara Wrap Dress', 'Ankara Maxi Dress'],
    priceRange: [12_000, 45_000],
    weightKg: 0.5,
    variants: 'clothing',
  },
  Gowns: {
    names: ['Lace Owambe Gown', 'Adire Kaftan Gown', 'Sequin Evening Gown'],
    priceRange: [25_000, 95_000],
    weightKg: 0.8,
    variants: 'clothing',
  },
  Tops: {
    names: ['Adire Crop Top', 'Ankara Peplum Top', 'Chiffon Blouse'],
    priceRange: [6_500, 18_000],
    weightKg: 0.3,
    variants: 'clothing',
  },
  'Kaftans & Agbada': {
    names: ['Senator Kaftan', 'Three-piece Agbada', 'Embroidered Kaftan'],
    priceRange: [28_000, 150_000],
    weightKg: 1.2,
    variants: 'clothing',
  },
  Shirts: {
    names: ['Adire Short-sleeve Shirt', 'Linen Shirt', 'Ankara Print Shirt'],
    priceRange: [9_000, 25_000],
    weightKg: 0.4,
    variants: 'clothing',
  },
  Trousers: {
    names: ['Chinos Trousers', 'Joggers', 'Tailored Trousers'],
    priceRange: [8_000, 22_000],
    weightKg: 0.6,
    variants: 'clothing',
  },
  Sandals: {
    names: ['Handmade Leather Palm Slippers', 'Aba Leather Sandals', 'Beaded Slippers'],
    priceRange: [7_500, 28_000],
    weightKg: 0.7,
    variants: 'shoes',
  },
  Sneakers: {
    names: ['Canvas Sneakers', 'Running Sneakers', 'White Leather Sneakers'],
    priceRange: [15_000, 65_000],
    weightKg: 0.9,
    variants: 'shoes',
  },
  'Pots & Pans': {
    names: [
      'Non-stick Pot Set (5 pcs)',
      'Cast Iron Frying Pan',
      'Stainless Stock Pot 20L',
      'Pressure Pot 7L',
    ],
    priceRange: [14_000, 95_000],
    weightKg: 4,
  },
  'Cooking Utensils': {
    names: ['Wooden Spoon Set', 'Yam Pounder', 'Stainless Spatula Set'],
    priceRange: [2_500, 18_000],
    weightKg: 0.8,
  },
  Blenders: {
    names: ['Kenwood Blender 1.5L', 'Binatone Blender with Grinder', 'Silver Crest Blender 3L'],
    priceRange: [22_000, 75_000],
    weightKg: 3,
  },
  Kettles: {
    names: ['Electric Kettle 1.8L', 'Stainless Whistling Kettle'],
    priceRange: [8_500, 25_000],
    weightKg: 1.5,
  },
  'Throw Pillows': {
    names: ['Adire Throw Pillow', 'Ankara Cushion Cover Set', 'Velvet Throw Pillow'],
    priceRange: [4_500, 16_000],
    weightKg: 0.6,
  },
  'Wall Art': {
    names: ['Lagos Skyline Canvas', 'Benin Bronze Print', 'Abstract Ankara Canvas'],
    priceRange: [12_000, 60_000],
    weightKg: 2,
  },
  Inverters: {
    names: ['2.5kVA Pure Sine Inverter', '3.5kVA Hybrid Inverter', '1.5kVA Inverter'],
    priceRange: [180_000, 650_000],
    weightKg: 18,
  },
  'Solar Panels': {
    names: ['300W Mono Solar Panel', '200W Poly Solar Panel', '450W Mono Solar Panel'],
    priceRange: [65_000, 190_000],
    weightKg: 20,
  },
  Generators: {
    names: ['Sumec Firman 2.8kVA', 'Elepaq 3.5kVA', 'Tiger 1.2kVA'],
    priceRange: [160_000, 520_000],
    weightKg: 45,
  },
  Speakers: {
    names: ['Bluetooth Party Speaker', 'Oraimo Boom Speaker', 'Home Theatre 5.1'],
    priceRange: [12_000, 180_000],
    weightKg: 3,
  },
  Headphones: {
    names: ['Oraimo FreePods', 'Wireless Over-ear Headphones', 'Wired Earphones'],
    priceRange: [3_500, 55_000],
    weightKg: 0.3,
  },
  'Smart TVs': {
    names: ['Hisense 43" Smart TV', 'LG 55" 4K Smart TV', 'TCL 32" Android TV'],
    priceRange: [150_000, 780_000],
    weightKg: 12,
  },
  'Shea Butter': {
    names: ['Raw Shea Butter 500g', 'Whipped Shea Butter', 'Shea Butter with Cocoa'],
    priceRange: [2_500, 9_500],
    weightKg: 0.6,
  },
  'Black Soap': {
    names: ['Ose Dudu Black Soap', 'Liquid African Black Soap', 'Black Soap with Honey'],
    priceRange: [1_800, 7_000],
    weightKg: 0.4,
  },
  'Body Lotions': {
    names: ['Cocoa Butter Lotion', 'Aloe Body Lotion', 'Glow Body Oil'],
    priceRange: [3_500, 14_000],
    weightKg: 0.5,
  },
  Wigs: {
    names: ['Bone Straight Wig 20"', 'Curly Bob Wig', 'Frontal Body Wave Wig'],
    priceRange: [35_000, 240_000],
    weightKg: 0.4,
  },
  'Hair Oils': {
    names: ['Chebe Hair Oil', 'Rosemary Growth Oil', 'Coconut Hair Oil'],
    priceRange: [3_000, 11_000],
    weightKg: 0.3,
  },
  Rice: {
    names: ['Ofada Rice 5kg', 'Local Parboiled Rice 25kg', 'Stone-free Rice 10kg'],
    priceRange: [9_500, 78_000],
    weightKg: 10,
  },
  Garri: {
    names: ['Ijebu Garri 5kg', 'Yellow Garri 10kg', 'White Garri 2kg'],
    priceRange: [3_500, 16_000],
    weightKg: 5,
  },
  Beans: { names: ['Oloyin Honey Beans 5kg', 'Brown Beans 10kg'], priceRange: [8_000, 32_000], weightKg: 8 },
  'Pepper & Spices': {
    names: ['Dried Cameroon Pepper', 'Suya Spice (Yaji) 250g', 'Ogiri Iru Locust Beans'],
    priceRange: [1_200, 6_500],
    weightKg: 0.3,
  },
  'Seasoning Cubes': {
    names: ['Seasoning Cubes (pack of 100)', 'Crayfish Seasoning Powder'],
    priceRange: [1_500, 5_500],
    weightKg: 0.5,
  },
  'Zobo & Juices': {
    names: ['Zobo Drink (6 bottles)', 'Tiger Nut Drink 1L', 'Fresh Pineapple Juice 1L'],
    priceRange: [2_000, 9_000],
    weightKg: 2,
  },
  'Malt Drinks': {
    names: ['Malt Drink (pack of 24)', 'Non-alcoholic Malt 6-pack'],
    priceRange: [4_500, 14_000],
    weightKg: 8,
  },
};

// The words and places the bulk seed (seed-bulk.ts) builds its stores, products and orders from, and its seeded
// random source. A data file (ADR 107): the names are long lists to read down, not logic to hold.

/** Category → sub-category → child category → product nouns. */
export const catalogTree: Record<string, Record<string, Record<string, string[]>>> = {
  Fashion: {
    Women: {
      Dresses: ['Ankara Dress', 'Maxi Gown', 'Bubu Kaftan'],
      Wrappers: ['Aso Oke Wrapper', 'George Wrapper'],
    },
    Men: { Native: ['Agbada Set', 'Senator Suit', 'Kaftan'], Shirts: ['Adire Shirt', 'Linen Shirt'] },
    Shoes: {
      Sandals: ['Leather Palm Slippers', 'Aba Sandals'],
      Sneakers: ['Canvas Sneakers', 'Running Shoes'],
    },
    Accessories: { Caps: ['Fila Cap', 'Beaded Cap'], Bags: ['Leather Tote', 'Ankara Backpack'] },
  },
  'Phones & Tablets': {
    Smartphones: {
      Android: ['Android Phone 128GB', 'Android Phone 64GB'],
      iPhone: ['iPhone 13', 'iPhone 12'],
    },
    Accessories: {
      'Power Banks': ['20000mAh Power Bank', 'Solar Power Bank'],
      Chargers: ['Fast Charger', 'Car Charger'],
    },
  },
  Electronics: {
    Power: {
      Generators: ['Petrol Generator 3.5kVA', 'Inverter Generator'],
      Inverters: ['Solar Inverter', 'Battery Pack'],
    },
    Audio: {
      Speakers: ['Bluetooth Speaker', 'Party Speaker'],
      Headphones: ['Wireless Earbuds', 'Studio Headphones'],
    },
    Television: { 'Smart TVs': ['43 inch Smart TV', '55 inch Smart TV'], 'LED TVs': ['32 inch LED TV'] },
  },
  Groceries: {
    Grains: {
      Rice: ['Ofada Rice 5kg', 'Long Grain Rice 10kg'],
      Garri: ['Ijebu Garri 4kg', 'Yellow Garri 2kg'],
    },
    Spices: { Pepper: ['Suya Spice', 'Dried Pepper'], Seasoning: ['Iru Locust Beans', 'Crayfish Powder'] },
    Drinks: { Local: ['Zobo Mix', 'Kunu Drink'], Malt: ['Malt Drink Pack'] },
  },
  'Home & Kitchen': {
    Cookware: {
      Pots: ['Stainless Pot Set', 'Aluminium Pot'],
      Utensils: ['Wooden Spoon Set', 'Mortar and Pestle'],
    },
    Appliances: {
      Blenders: ['Pepper Grinder', 'Table Blender'],
      Cooling: ['Standing Fan', 'Rechargeable Fan'],
    },
  },
  'Health & Beauty': {
    Skincare: { Natural: ['Shea Butter', 'African Black Soap'], Creams: ['Body Lotion', 'Face Cream'] },
    Hair: { Wigs: ['Human Hair Wig', 'Braided Wig'], Care: ['Hair Cream', 'Coconut Oil'] },
  },
};

export const adjectives = [
  'Premium',
  'Classic',
  'Handmade',
  'Original',
  'Durable',
  'Lagos',
  'Everyday',
  'Deluxe',
  'Quality',
];
export const colours = ['Blue', 'Black', 'Green', 'Gold', 'Red', 'White', 'Brown', 'Wine'];
export const storeWords = [
  'Mama',
  'Oga',
  'Balogun',
  'Aba',
  'Kano',
  'Ibadan',
  'Onitsha',
  'Ikeja',
  'Yaba',
  'Lekki',
  'Wuse',
];
export const storeKinds = [
  'Stores',
  'Ventures',
  'Enterprises',
  'Market',
  'Hub',
  'Collections',
  'Mart',
  'Global',
];
export const states = ['Lagos', 'Abuja', 'Kano', 'Rivers', 'Oyo', 'Anambra', 'Enugu', 'Kaduna'];

/** A seeded generator (mulberry32) so every run builds the same catalog. */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}

export const lgasByState: Record<string, string[]> = {
  Lagos: ['Ikeja', 'Eti-Osa', 'Surulere', 'Alimosho', 'Lagos Island'],
  Abuja: ['Municipal Area Council', 'Bwari', 'Gwagwalada'],
  Kano: ['Nassarawa', 'Fagge', 'Tarauni'],
  Rivers: ['Port Harcourt', 'Obio/Akpor'],
  Oyo: ['Ibadan North', 'Ibadan South-West', 'Ogbomosho North'],
  Anambra: ['Onitsha North', 'Awka South'],
  Enugu: ['Enugu North', 'Nsukka'],
  Kaduna: ['Kaduna North', 'Zaria'],
};

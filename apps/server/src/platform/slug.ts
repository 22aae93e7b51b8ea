// A name as the last part of a URL: a store's address, a category's slug, and what a sign-up with a known e-mail
// answers as the store's address (auth, which cannot import stores) are all cut the same way.

/** `Mama Put Kitchen & Co.` → `mama-put-kitchen-co`. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return slug || 'store';
}

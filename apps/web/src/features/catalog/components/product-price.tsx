import { formatNaira, nairaToKobo, percentOff } from '../../../lib/money';

interface ProductPriceProps {
  /** What the customer pays, in kobo. */
  sellingKobo: number;
  /** The regular (compare-at) price, in kobo; shown struck through when above the selling price. */
  regularKobo?: number;
  size?: 'sm' | 'lg';
}

/** Price as `₦12,500.00`, with the regular price struck through when discounted. */
export function ProductPrice({ sellingKobo, regularKobo, size = 'sm' }: ProductPriceProps) {
  const discounted = regularKobo !== undefined && regularKobo > sellingKobo;
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span
        className={`font-bold text-[var(--sf-sale-price,#0f172a)] ${size === 'lg' ? 'text-2xl' : 'text-base'}`}
      >
        <span className="sr-only">Price: </span>
        {formatNaira(sellingKobo)}
      </span>
      {discounted ? (
        <s className={`text-slate-600 ${size === 'lg' ? 'text-base' : 'text-xs'}`}>
          <span className="sr-only">Regular price: </span>
          {formatNaira(regularKobo)}
        </s>
      ) : null}
    </p>
  );
}

/** Selling and regular price of a product, in kobo (the API gives naira with 2 decimals), and the percent off. */
export function productPrices(product: { pricing: { sellingPrice: number; price: number }[] }) {
  const pricing = product.pricing[0];
  const sellingKobo = pricing ? nairaToKobo(pricing.sellingPrice) : 0;
  const regularKobo = pricing ? nairaToKobo(pricing.price) : 0;
  return { sellingKobo, regularKobo, percentOff: percentOff(sellingKobo, regularKobo) };
}

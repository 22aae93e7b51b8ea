import type { CSSProperties, ReactNode } from 'react';

/** The 8 theme colours of a storefront (specification, section 3). */
export interface StorefrontColours {
  headingsAndLinks: string;
  bodyText: string;
  salePrice: string;
  primaryButton: string;
  primaryLabel: string;
  fieldText: string;
  fieldBorder: string;
  fieldBackground: string;
}

/**
 * Defaults of the default theme: headings and links orange-yellow (a dark amber, so text keeps 4.5:1 contrast
 * on white), the rest black, button labels white, fields on white.
 */
export const defaultStorefrontColours: StorefrontColours = {
  headingsAndLinks: '#b45309',
  bodyText: '#000000',
  salePrice: '#000000',
  primaryButton: '#000000',
  primaryLabel: '#ffffff',
  fieldText: '#000000',
  fieldBorder: '#000000',
  fieldBackground: '#ffffff',
};

const variableOf: Record<keyof StorefrontColours, string> = {
  headingsAndLinks: '--sf-headings-links',
  bodyText: '--sf-body-text',
  salePrice: '--sf-sale-price',
  primaryButton: '--sf-primary-button',
  primaryLabel: '--sf-primary-label',
  fieldText: '--sf-field-text',
  fieldBorder: '--sf-field-border',
  fieldBackground: '--sf-field-background',
};

/** CSS custom properties of a theme; storefront components read them (with marketplace fallbacks). */
export function storefrontThemeStyle(colours: Partial<StorefrontColours> = {}): CSSProperties {
  const merged = { ...defaultStorefrontColours, ...colours };
  return Object.fromEntries(
    (Object.keys(variableOf) as (keyof StorefrontColours)[]).map((key) => [variableOf[key], merged[key]]),
  ) as CSSProperties;
}

/** Applies a storefront theme to everything inside it. */
export function StorefrontTheme({
  colours,
  children,
}: {
  colours?: Partial<StorefrontColours>;
  children: ReactNode;
}) {
  return (
    <div className="storefront space-y-6" style={storefrontThemeStyle(colours)}>
      {children}
    </div>
  );
}

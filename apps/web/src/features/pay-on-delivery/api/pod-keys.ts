export const podKeys = {
  all: ['pay-on-delivery'] as const,
  options: (addressId: string | null) => ['pay-on-delivery', 'options', addressId] as const,
  store: ['pay-on-delivery', 'store'] as const,
  carrier: (kind: 'admin' | 'partner') => ['pay-on-delivery', 'carrier', kind] as const,
  overview: ['pay-on-delivery', 'overview'] as const,
  remittances: ['pay-on-delivery', 'remittances'] as const,
  settings: ['pay-on-delivery', 'settings'] as const,
};

export const POD_MESSAGES = {
  options: 'Could not check pay on delivery',
  store: 'Could not load your pay-on-delivery setting',
  carrier: 'Could not load your cash held',
  overview: 'Could not load the carriers’ cash',
  remit: 'Could not record the remittance',
  decide: 'Could not decide the remittance',
  settings: 'Could not save the pay-on-delivery rules',
};

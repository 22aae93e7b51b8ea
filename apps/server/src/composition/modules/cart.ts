import { createCartModule } from '../../modules/cart/index.js';
import { defineModule } from '../registry.js';
import { rateCards } from './shipping.js';

// The cart prices with the rate card this process caches; the rest (stores' subaccounts in subaccount mode
// among them) it reads through the owners' index.
export const cart = defineModule('cart', ({ deps, use }) => createCartModule(deps, use(rateCards)));

// A Mexican mobile number in the form the inbox stores (02 §5: 52, then the mobile 1): 521 55 and 8 digits.
const SIMULATED_PREFIX = '52155';

export function randomCustomerPhone(random: () => number = Math.random): string {
  let digits = '';
  for (let index = 0; index < 8; index += 1) digits += String(Math.floor(random() * 10));
  return `${SIMULATED_PREFIX}${digits}`;
}

export const DEFAULT_CUSTOMER_NAME = 'Cliente de prueba';

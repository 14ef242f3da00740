// SIRET: 14 digits, the SIREN (9) and the NIC (5), checked with the Luhn algorithm.
// La Poste is the known exception: its establishments share the SIREN 356000000 and their SIRET
// does not pass Luhn; INSEE documents instead that the sum of the 14 digits is a multiple of 5.
const LA_POSTE_SIREN = '356000000';

/** Removes spaces, dots and dashes people type between the digit groups. */
export function normaliseSiret(value: string): string {
  return value.replace(/[\s.-]/g, '');
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function isValidSiret(value: string): boolean {
  const siret = normaliseSiret(value);
  if (!/^\d{14}$/.test(siret)) return false;
  if (siret.startsWith(LA_POSTE_SIREN)) {
    // The head office (NIC 00012) still follows Luhn; other La Poste establishments use the sum rule.
    if (luhnValid(siret)) return true;
    const sum = [...siret].reduce((acc, c) => acc + Number(c), 0);
    return sum % 5 === 0;
  }
  return luhnValid(siret);
}

export const SIRET_MESSAGE = 'Numéro SIRET invalide : 14 chiffres avec une clé de contrôle correcte sont attendus.';

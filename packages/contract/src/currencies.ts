/**
 * The currencies a company may choose: ISO 4217 list one as in force on 2026-11-25, less
 * what no company keeps its books in. `Intl.supportedValuesOf('currency')` is not that list:
 * depending on the runtime it carries retired codes (HRK, replaced by the euro in 2023;
 * CUC, SLL, ZWL, ANG, BGN) and units that are not money of a country (funds such as BOV,
 * CHE, CHW, CLF, COU, MXV, USN, UYI, UYW; metals XAU, XAG, XPD, XPT; bond units XBA–XBD;
 * XDR, XSU, XUA; the testing and "no currency" codes XTS and XXX). Update the list with an
 * ISO amendment; a stored code that leaves it still displays (decision 030).
 */
export const CURRENT_CURRENCIES: readonly string[] =
  `AED AFN ALL AMD AOA ARS AUD AWG AZN BAM BBD BDT BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD
CAD CDF CHF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD
HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD
MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG
QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD
TZS UAH UGX USD UYU UZS VES VND VUV WST XAF XCD XCG XOF XPF YER ZAR ZMW ZWG`.split(/\s+/);

const current = new Set(CURRENT_CURRENCIES);

/** Whether a new value may use this code (a stored one that has since retired may stay). */
export function isCurrentCurrency(code: string): boolean {
  return current.has(code);
}

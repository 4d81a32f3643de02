import type { Env } from '../../env.ts';
import { type CsvColumn, toCsv } from '../../lib/csv.ts';
import type { MonthReport, ReportPerson } from './employer-report.ts';

/**
 * The month's employer declaration on individual level (arbetsgivardeklaration, AGI) as the XML
 * file Skatteverket's e-service takes for upload: schema 1.1 (instans/komponent namespaces), one
 * huvuduppgift (HU) with the totals and one individuppgift (IU) per payee, field codes (faltkod)
 * as in Skatteverket's example files (ADR 028).
 */
const INSTANS = 'http://xmls.skatteverket.se/se/skatteverket/da/instans/schema/1.1';
const KOMPONENT = 'http://xmls.skatteverket.se/se/skatteverket/da/komponent/schema/1.1';
const SCHEMA_LOCATION = `${INSTANS} http://xmls.skatteverket.se/se/skatteverket/da/arbetsgivardeklaration/arbetsgivardeklaration_1.1.xsd`;

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const field = (name: string, code: string, value: string | number) =>
  `<agd:${name} faltkod="${code}">${escapeXml(String(value))}</agd:${name}>`;

/** A Stockholm wall-clock timestamp without zone, as the example files have it ('2024-03-02T09:42:25'). */
function created(at: Date): string {
  return at.toLocaleString('sv-SE', { timeZone: 'Europe/Stockholm' }).replace(' ', 'T');
}

function blankett(report: MonthReport, period: string, content: string): string {
  return [
    '  <agd:Blankett>',
    '    <agd:Arendeinformation>',
    `      <agd:Arendeagare>${report.employerId}</agd:Arendeagare>`,
    `      <agd:Period>${period}</agd:Period>`,
    '    </agd:Arendeinformation>',
    `    <agd:Blankettinnehall>${content}</agd:Blankettinnehall>`,
    '  </agd:Blankett>',
  ].join('\n');
}

function individuppgift(report: MonthReport, period: string, person: ReportPerson): string {
  return [
    '<agd:IU>',
    `<agd:ArbetsgivareIUGROUP>${field('AgRegistreradId', '201', report.employerId)}</agd:ArbetsgivareIUGROUP>`,
    '<agd:BetalningsmottagareIUGROUP><agd:BetalningsmottagareIDChoice>',
    field('BetalningsmottagarId', '215', person.personalNumber),
    '</agd:BetalningsmottagareIDChoice></agd:BetalningsmottagareIUGROUP>',
    field('RedovisningsPeriod', '006', period),
    field('Specifikationsnummer', '570', '001'),
    field('KontantErsattningUlagAG', '011', person.grossKr),
    field('AvdrPrelSkatt', '001', person.taxKr),
    '</agd:IU>',
  ].join('');
}

export function agiXml(report: MonthReport, env: Env, at: Date = new Date()): string {
  const period = report.period.replace('-', '');
  const contact = [
    `<agd:Namn>${escapeXml(env.EMPLOYER_CONTACT_NAME)}</agd:Namn>`,
    `<agd:Telefon>${escapeXml(env.EMPLOYER_CONTACT_PHONE)}</agd:Telefon>`,
    `<agd:Epostadress>${escapeXml(env.EMPLOYER_CONTACT_EMAIL)}</agd:Epostadress>`,
  ].join('');
  const hu = [
    '<agd:HU>',
    `<agd:ArbetsgivareHUGROUP>${field('AgRegistreradId', '201', report.employerId)}</agd:ArbetsgivareHUGROUP>`,
    field('RedovisningsPeriod', '006', period),
    field('SummaArbAvgSlf', '487', report.totalContributionsKr),
    field('SummaSkatteavdr', '497', report.totalTaxKr),
    '</agd:HU>',
  ].join('');
  return [
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
    `<Skatteverket omrade="Arbetsgivardeklaration" xmlns="${INSTANS}" xmlns:agd="${KOMPONENT}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${SCHEMA_LOCATION}">`,
    '  <agd:Avsandare>',
    '    <agd:Programnamn>Kollab</agd:Programnamn>',
    `    <agd:Organisationsnummer>${report.employerId}</agd:Organisationsnummer>`,
    `    <agd:TekniskKontaktperson>${contact}</agd:TekniskKontaktperson>`,
    `    <agd:Skapad>${created(at)}</agd:Skapad>`,
    '  </agd:Avsandare>',
    '  <agd:Blankettgemensamt>',
    `    <agd:Arbetsgivare><agd:AgRegistreradId>${report.employerId}</agd:AgRegistreradId><agd:Kontaktperson>${contact}</agd:Kontaktperson></agd:Arbetsgivare>`,
    '  </agd:Blankettgemensamt>',
    blankett(report, period, hu),
    ...report.persons.map((person) => blankett(report, period, individuppgift(report, period, person))),
    '</Skatteverket>',
    '',
  ].join('\n');
}

const COLUMNS: CsvColumn<ReportPerson>[] = [
  ['period', () => ''],
  ['personal_number', (person) => person.personalNumber],
  ['name', (person) => person.name],
  ['cash_pay_kr_011', (person) => person.grossKr],
  ['tax_withheld_kr_001', (person) => person.taxKr],
  ['employer_contributions_kr', (person) => person.contributionsKr],
];

/** The same figures as CSV: one row per payee and a last row with the declaration's totals. */
export function agiCsv(report: MonthReport): string {
  const columns: CsvColumn<ReportPerson>[] = COLUMNS.map(([header, value]) =>
    header === 'period' ? [header, () => report.period] : [header, value],
  );
  const total: ReportPerson = {
    creatorId: '',
    personalNumber: 'TOTAL',
    name: '',
    grossKr: report.persons.reduce((sum, person) => sum + person.grossKr, 0),
    taxKr: report.totalTaxKr,
    contributionsKr: report.totalContributionsKr,
  };
  return toCsv(columns, [...report.persons, total]);
}

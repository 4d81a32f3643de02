import type { EmployerReport } from '@kollab/contract/api/tax';
import { maskPersonalNumber } from '@kollab/contract/personal-number';
import type { Database } from '@kollab/db';
import { creatorEarnings, users } from '@kollab/db/schema';
import { and, eq, inArray, like } from 'drizzle-orm';
import type { Env } from '../../env.ts';
import { decrypt } from '../../lib/encryption.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { taxRulesOn } from './rules.ts';

export interface ReportPerson {
  creatorId: string;
  name: string;
  /** 12 digits, 'YYYYMMDDNNNN' (BetalningsmottagarId). */
  personalNumber: string;
  grossKr: number;
  taxKr: number;
  contributionsKr: number;
}

export interface MonthReport {
  period: string;
  /** Kollab's number as employer, 12 digits: '16' and the organisation number (AgRegistreradId). */
  employerId: string;
  persons: ReportPerson[];
  totalContributionsKr: number;
  totalTaxKr: number;
  missingPersonalNumbers: number;
}

export const employerIdOf = (env: Env) => `16${env.BILLING_ORG_NUMBER.replace('-', '')}`;

/**
 * The employer declaration's figures for a month (ADR 028): one individuppgift per private-person
 * payee with cash pay (ruta 011, whole kronor, öre dropped) and tax withheld (ruta 001), and the
 * totals (487, 497). Pay under the yearly threshold is left out while the payee's pay of the year
 * stays under it; once it reaches it, the earlier months' reports include it (download them again
 * to correct the declarations). F-skatt pay is never reported here. Contributions are declared at
 * each earning's rate on its gross, rounded down per payee as Skatteverket computes them.
 */
export async function monthReport(db: Database, env: Env, secrets: Secrets, period: string): Promise<MonthReport> {
  const rows = await db
    .select()
    .from(creatorEarnings)
    .where(and(eq(creatorEarnings.status, 'private'), eq(creatorEarnings.period, period)));
  const creatorIds = [...new Set(rows.map((row) => row.creatorId))];
  // A month without pay needs no rules (and a month before the first rates has none on file).
  const { yearlyThresholdOre } = creatorIds.length ? await taxRulesOn(db, `${period}-01`) : { yearlyThresholdOre: 0 };
  const yearRows = creatorIds.length
    ? await db
        .select({ creatorId: creatorEarnings.creatorId, grossOre: creatorEarnings.grossOre })
        .from(creatorEarnings)
        .where(
          and(
            inArray(creatorEarnings.creatorId, creatorIds),
            eq(creatorEarnings.status, 'private'),
            like(creatorEarnings.period, `${period.slice(0, 4)}-%`),
          ),
        )
    : [];
  const yearGross = new Map<string, number>();
  for (const row of yearRows) yearGross.set(row.creatorId, (yearGross.get(row.creatorId) ?? 0) + row.grossOre);
  const people = creatorIds.length ? await db.select().from(users).where(inArray(users.id, creatorIds)) : [];
  const persons: ReportPerson[] = [];
  let missingPersonalNumbers = 0;
  for (const person of people.sort((a, b) => a.id.localeCompare(b.id))) {
    const reached = (yearGross.get(person.id) ?? 0) >= yearlyThresholdOre;
    const theirs = rows.filter((row) => row.creatorId === person.id && (reached || !row.underThreshold));
    if (theirs.length === 0) continue;
    if (!person.personalNumberEncrypted) {
      missingPersonalNumbers += 1;
      continue;
    }
    const grossOre = theirs.reduce((sum, row) => sum + row.grossOre, 0);
    const dueOre = theirs.reduce((sum, row) => sum + (row.grossOre * row.contributionBasisPoints) / 10_000, 0);
    persons.push({
      creatorId: person.id,
      name: person.fullName,
      personalNumber: decrypt(secrets.encryptionKey, person.personalNumberEncrypted).replace('-', ''),
      grossKr: Math.floor(grossOre / 100),
      taxKr: Math.floor(theirs.reduce((sum, row) => sum + row.taxOre, 0) / 100),
      contributionsKr: Math.floor(dueOre / 100),
    });
  }
  persons.sort((a, b) => a.personalNumber.localeCompare(b.personalNumber));
  return {
    period,
    employerId: employerIdOf(env),
    persons,
    totalContributionsKr: persons.reduce((sum, person) => sum + person.contributionsKr, 0),
    totalTaxKr: persons.reduce((sum, person) => sum + person.taxKr, 0),
    missingPersonalNumbers,
  };
}

export function toReportView(report: MonthReport): EmployerReport {
  return {
    period: report.period,
    employerId: report.employerId,
    persons: report.persons.map((person) => ({
      specificationNumber: 1,
      personalNumberMasked: maskPersonalNumber(
        `${person.personalNumber.slice(0, 8)}-${person.personalNumber.slice(8)}`,
      ),
      name: person.name,
      grossKr: person.grossKr,
      taxKr: person.taxKr,
      contributionsKr: person.contributionsKr,
    })),
    totalContributionsKr: report.totalContributionsKr,
    totalTaxKr: report.totalTaxKr,
    missingPersonalNumbers: report.missingPersonalNumbers,
  };
}

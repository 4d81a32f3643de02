-- Custom migration (hand-written): employer contribution rates, the tax deduction on side income
-- and the yearly threshold, as dated legal data (ADR 028, which lists every source with its URL).
-- A change of the law is a new migration adding rows; rows are never edited.
INSERT INTO "employer_contribution_rates" ("id", "valid_from", "valid_to", "min_age", "max_age", "max_birth_year", "basis_points", "monthly_cap_ore", "source") VALUES
  ('full-2009', '2009-01-01', NULL, NULL, NULL, NULL, 3142, NULL, 'Socialavgiftslag (2000:980) 2 kap. 26 § and lag (1994:1920) om allmän löneavgift: full arbetsgivaravgift 31,42 %'),
  ('born-1937-or-earlier', '2009-01-01', NULL, NULL, NULL, 1937, 0, NULL, 'Socialavgiftslag (2000:980) 2 kap. 27 §: no contributions for those born 1937 or earlier (SKR, Särregler olika ålderskategorier)'),
  ('age-66-2023', '2023-01-01', '2025-12-31', 66, NULL, NULL, 1021, NULL, 'Socialavgiftslag (2000:980) 2 kap. 27 §: only ålderspensionsavgift 10,21 % for those who have turned 66 at the start of the year (prop. 2021/22:181)'),
  ('riktalder-67-2026', '2026-01-01', NULL, 67, NULL, NULL, 1021, NULL, 'Socialavgiftslag (2000:980) 2 kap. 27 §: only ålderspensionsavgift 10,21 % from the riktålder, 67 for 2026 (prop. 2021/22:181)'),
  ('youth-18-22-2026', '2026-04-01', '2027-09-30', 18, 22, NULL, 2081, 2500000, 'Lag (2026:100) om särskild beräkning av arbetsgivaravgifter och allmän löneavgift (prop. 2025/26:66): 10,21 % + half of the other 21,21 % = 20,81 % for those who at the start of the year have turned 18 but not 23, up to 25 000 kr per month')
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "tax_parameters" ("valid_from", "tax_deduction_basis_points", "yearly_threshold_ore", "source") VALUES
  ('2009-01-01', 3000, 100000, 'Skatteförfarandelag (2011:1244) 11 kap. (30 % skatteavdrag on pay that is not the payee''s main income) and 10 kap. 11 §; Socialavgiftslag (2000:980) 2 kap. 20 § (no contributions or deduction when a payee''s pay for the year is under 1 000 kr)')
ON CONFLICT ("valid_from") DO NOTHING;

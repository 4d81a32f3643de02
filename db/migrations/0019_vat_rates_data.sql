-- Custom migration (hand-written): the moms rates Kollab charges on its fee, as dated legal data
-- (ADR 024). New rates are added by a new migration with their source; rows are never edited.
INSERT INTO "vat_rates" ("valid_from", "basis_points", "source") VALUES
  ('1990-07-01', 2500, 'Mervärdesskattelag (1994:200) 7 kap. 1 § (normalskattesats 25 %, since 1990-07-01 under the earlier law)'),
  ('2023-07-01', 2500, 'Mervärdesskattelag (2023:200) 9 kap. 2 §: normalskattesatsen 25 procent av beskattningsunderlaget; Skatteverket, Rättslig vägledning, Skattesatser (2024.2)')
ON CONFLICT ("valid_from") DO NOTHING;

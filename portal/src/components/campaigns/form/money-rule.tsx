import Alert from '@mui/material/Alert';
import { useT } from '../../../hooks/use-t';
import { parseSek } from '../money';
import { useFormat } from '../use-format';

/** The live check of the API's rule payout × slots ≤ budget, announced politely as it changes. */
export function MoneyRule({ budget, payout, slots }: { budget: string; payout: string; slots: string }) {
  const t = useT();
  const format = useFormat();
  const budgetOre = parseSek(budget);
  const payoutOre = parseSek(payout);
  const slotCount = Number(slots);
  const isComplete = budgetOre !== null && payoutOre !== null && Number.isInteger(slotCount) && slotCount > 0;
  if (!isComplete) {
    return (
      <Alert severity="info" role="status">
        {t('brandCampaigns.form.ruleHint')}
      </Alert>
    );
  }
  const needed = payoutOre * slotCount;
  const values = {
    payout: format.money(payoutOre),
    slots: format.number(slotCount),
    needed: format.money(needed),
    budget: format.money(budgetOre),
    left: format.money(budgetOre - needed),
  };
  const isWithin = needed <= budgetOre;
  return (
    <Alert severity={isWithin ? 'success' : 'error'} role="status">
      {t(
        needed === budgetOre
          ? 'brandCampaigns.form.ruleExact'
          : isWithin
            ? 'brandCampaigns.form.ruleOk'
            : 'brandCampaigns.form.ruleOver',
        values,
      )}
    </Alert>
  );
}

import { FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup } from '@mui/material';

/** The answer to "Does your agency sell Medicare Advantage or Part D plans?": none until chosen. */
export type SellsPlansAnswer = 'yes' | 'no' | '';

/** An agency's sells-plans answer as the form starts it: unanswered until the agency has chosen. */
export function sellsPlansAnswerOf(user: { tpmoAnswered?: boolean; sellsPlans?: boolean }): SellsPlansAnswer {
  return user.tpmoAnswered ? (user.sellsPlans ? 'yes' : 'no') : '';
}

/**
 * The question as Yes / No radios, neither chosen until the agency answers (the dashboard's
 * onboarding card and Branding's TPMO section ask the same question). `helper`, when given, shows
 * under the radios; an `error` shows there instead.
 */
export function SellsPlansQuestion(props: {
  id: string;
  question: string;
  yes: string;
  no: string;
  value: SellsPlansAnswer;
  onChange: (answer: 'yes' | 'no') => void;
  error?: string;
  helper?: string;
  required?: boolean;
}) {
  const { id, question, yes, no, value, onChange, error, helper, required } = props;
  return (
    <FormControl error={Boolean(error)} required={required}>
      <FormLabel id={`${id}-label`}>{question}</FormLabel>
      <RadioGroup
        row
        name={id}
        aria-labelledby={`${id}-label`}
        value={value}
        onChange={(event) => onChange(event.target.value as 'yes' | 'no')}
      >
        <FormControlLabel value="yes" control={<Radio />} label={yes} />
        <FormControlLabel value="no" control={<Radio />} label={no} />
      </RadioGroup>
      {(error || helper) && <FormHelperText>{error ?? helper}</FormHelperText>}
    </FormControl>
  );
}

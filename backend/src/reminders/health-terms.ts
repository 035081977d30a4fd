/**
 * Words that make a broker's reminder carry health information (SPEC §1, §5: broker reminders are
 * generic). Common drug names (generic and brand) and conditions; matched whole-word and
 * case-insensitively. Maintained here: add a word when brokers find a gap.
 */
export const MEDICATION_TERMS = [
  'medication', 'medications', 'medicine', 'medicines', 'prescription', 'prescriptions', 'pill', 'pills', 'dose', 'dosage',
  'insulin', 'metformin', 'glipizide', 'glyburide', 'januvia', 'jardiance', 'ozempic', 'trulicity', 'mounjaro', 'wegovy',
  'lantus', 'humalog', 'novolog', 'farxiga', 'lisinopril', 'losartan', 'amlodipine', 'metoprolol', 'atenolol', 'carvedilol',
  'hydrochlorothiazide', 'furosemide', 'lasix', 'spironolactone', 'valsartan', 'olmesartan', 'diltiazem', 'atorvastatin',
  'lipitor', 'simvastatin', 'rosuvastatin', 'crestor', 'pravastatin', 'ezetimibe', 'warfarin', 'coumadin', 'eliquis',
  'apixaban', 'xarelto', 'rivaroxaban', 'clopidogrel', 'plavix', 'aspirin', 'digoxin', 'entresto', 'levothyroxine',
  'synthroid', 'omeprazole', 'prilosec', 'pantoprazole', 'protonix', 'esomeprazole', 'nexium', 'famotidine', 'ranitidine',
  'gabapentin', 'neurontin', 'pregabalin', 'lyrica', 'tramadol', 'oxycodone', 'hydrocodone', 'morphine', 'fentanyl',
  'acetaminophen', 'tylenol', 'ibuprofen', 'advil', 'naproxen', 'meloxicam', 'celecoxib', 'prednisone', 'methylprednisolone',
  'albuterol', 'advair', 'symbicort', 'spiriva', 'breo', 'trelegy', 'montelukast', 'singulair', 'sertraline', 'zoloft',
  'escitalopram', 'lexapro', 'citalopram', 'fluoxetine', 'prozac', 'paroxetine', 'duloxetine', 'cymbalta', 'venlafaxine',
  'bupropion', 'wellbutrin', 'trazodone', 'mirtazapine', 'alprazolam', 'xanax', 'lorazepam', 'ativan', 'clonazepam',
  'diazepam', 'zolpidem', 'ambien', 'quetiapine', 'seroquel', 'aripiprazole', 'abilify', 'risperidone', 'olanzapine',
  'lithium', 'donepezil', 'aricept', 'memantine', 'namenda', 'levodopa', 'carbidopa', 'sinemet', 'tamsulosin', 'flomax',
  'finasteride', 'oxybutynin', 'sildenafil', 'tadalafil', 'alendronate', 'fosamax', 'allopurinol', 'colchicine',
  'methotrexate', 'hydroxychloroquine', 'humira', 'enbrel', 'tamoxifen', 'letrozole', 'anastrozole', 'potassium',
  'amoxicillin', 'azithromycin', 'ciprofloxacin', 'doxycycline', 'cephalexin', 'paxlovid', 'latanoprost', 'timolol',
];

export const CONDITION_TERMS = [
  'diabetes', 'diabetic', 'hypertension', 'cancer', 'chemotherapy', 'chemo', 'dementia', "alzheimer's", 'alzheimers',
  'alzheimer', "parkinson's", 'parkinsons', 'parkinson', 'copd', 'asthma', 'emphysema', 'arthritis', 'osteoporosis',
  'depression', 'anxiety', 'bipolar', 'schizophrenia', 'hiv', 'aids', 'hepatitis', 'stroke', 'heart failure',
  'heart attack', 'cardiac', 'afib', 'atrial fibrillation', 'arrhythmia', 'kidney disease', 'dialysis', 'cholesterol',
  'thyroid', 'epilepsy', 'seizure', 'seizures', 'glaucoma', 'macular degeneration', 'cataract', 'tumor', 'leukemia',
  'lymphoma', 'chf', 'ckd', 'opioid', 'addiction', 'insomnia', 'incontinence', 'obesity', 'blood pressure', 'blood sugar',
  'a1c', 'surgery', 'diagnosis', 'covid', 'pneumonia', 'infection', 'hospice', 'radiation',
];

const escape = (term: string) => term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
const PATTERN = new RegExp(`(?<![\\p{L}\\p{N}])(${[...MEDICATION_TERMS, ...CONDITION_TERMS].map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'iu');

/** The first health word in a message, or undefined when the message is generic. */
export function findHealthTerm(message: string): string | undefined {
  return PATTERN.exec(message)?.[1];
}

export const GENERIC_MESSAGE_RULE =
  'Reminders from brokers must be generic and carry no health information: remove the medication or condition ' +
  '(clients keep their own medication reminders in their private portal).';

import { type CareKeepDataProvider, useCareKeepDataProvider } from '../providers/dataProvider.ts';

export type CampaignLifecycleMethods = Pick<
  CareKeepDataProvider,
  | 'getCampaignTemplates'
  | 'scheduleCampaign'
  | 'unscheduleCampaign'
  | 'startCampaign'
  | 'pauseCampaign'
  | 'resumeCampaign'
  | 'finishCampaign'
>;
export type LifecycleAction = 'unschedule' | 'start' | 'pause' | 'resume' | 'finish';

/** Templates, scheduling and a sequence's start, pause, resume and finish, through the app's data provider. */
export function useCampaignLifecycleApi(): CampaignLifecycleMethods {
  return useCareKeepDataProvider();
}

import { BadRequestException, Inject, Injectable, Logger } from '@nestjs/common';

import { disclaimerOf, smsDisclaimer } from '../branding/tpmo.js';
import { fillMergeFields, phoneForReading } from '../campaigns/merge-fields.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { EMAIL_SENDER, type EmailSender, SMS_SENDER, type SmsSender } from '../messaging/messaging.ports.js';
import type { User } from '../users/user.entity.js';
import { unsubscribeMailbox } from './dispatcher.service.js';
import { renderCampaignEmail } from './email-template.js';

export const TEST_PREFIX = '[Test]';

/** What a test of a campaign carries: the campaign's own words. */
export interface CampaignTestContent {
  type: 'email' | 'sms';
  subject: string | null;
  message: string;
}

export interface CampaignTestResult {
  success: boolean;
  to: string;
  message: string;
}

/**
 * A campaign sent to the broker alone, as a client would get it, marked as a test: by e-mail to the
 * broker's sign-in address, by text to the agency phone in Settings. It is not a delivery: nothing is
 * queued, counted, tracked or billed to a client, and its links go straight to their address.
 */
@Injectable()
export class CampaignTestSender {
  private readonly logger = new Logger('CampaignTest');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SMS_SENDER) private readonly sms: SmsSender,
    @Inject(EMAIL_SENDER) private readonly email: EmailSender,
  ) {}

  async send(broker: User, campaign: CampaignTestContent): Promise<CampaignTestResult> {
    const agencyName = broker.agencyName.trim() || [broker.firstName, broker.lastName].filter(Boolean).join(' ');
    const to = campaign.type === 'email' ? (broker.email ?? '') : broker.agencyPhone;
    if (!to) {
      throw new BadRequestException(
        campaign.type === 'email'
          ? { message: 'Your account has no e-mail address to send the test to.', field: 'email' }
          : { message: 'Add your agency phone number in Settings to send yourself a test text.', field: 'agencyPhone' },
      );
    }
    const common = { to, purpose: 'campaign-test', brokerId: broker.id };
    // The merge fields as a client would see them, with the broker's own name in the client's place.
    const fields = {
      firstName: broker.firstName ?? '',
      lastName: broker.lastName ?? '',
      agencyName,
      agencyPhone: phoneForReading(broker.agencyPhone),
    };
    const message = fillMergeFields(campaign.message, fields);
    // As the clients will get it: with the agency's TPMO disclaimer when it sells plans.
    const disclaimer = disclaimerOf(broker);
    const short = disclaimer ? ` ${smsDisclaimer(`${this.config.appUrl}/api/public/disclaimer/${broker.id}`)}` : '';
    try {
      if (campaign.type === 'sms') {
        await this.sms.sendSms({
          ...common,
          body: `${TEST_PREFIX} ${agencyName ? `${agencyName}: ` : ''}${message}${short} Reply STOP to opt out`,
        });
      } else {
        const rendered = renderCampaignEmail(
          message,
          {
            agencyName,
            agencyAddress: broker.agencyAddress,
            agencyPhone: broker.agencyPhone,
            logoUrl: broker.logoUrl,
            primaryColor: broker.primaryColor,
          },
          {
            open: null,
            click: (url) => url,
            unsubscribe: `${this.config.appUrl}/campaigns`,
            unsubscribeMailto: `mailto:${unsubscribeMailbox(this.config)}`,
          },
          disclaimer,
        );
        await this.email.sendEmail({
          ...common,
          subject: `${TEST_PREFIX} ${campaign.subject ? fillMergeFields(campaign.subject, fields) : agencyName}`,
          text: rendered.text,
          html: rendered.html,
        });
      }
    } catch (error) {
      this.logger.warn({ err: error, brokerId: broker.id }, 'Campaign test not sent');
      return { success: false, to, message: `The test could not be sent to ${to}. Please try again in a few minutes.` };
    }
    return { success: true, to, message: `A test was sent to ${to}.` };
  }
}

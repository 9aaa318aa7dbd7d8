import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../platform/prisma/prisma.service.js';

/** The org's working calendar as planning uses it (see docs/scheduler.md, "Working day"). */
export interface OrgCalendar {
  /** the org's default day limit per operator, hours; null = the workday alone */
  maxDailyHours: number | null;
  /** local minutes [start, end) of the daily break; null = none */
  workBreak: { startMinute: number; endMinute: number } | null;
  /** where daylight is computed: the mean of the org's field centroids; null when no field has one */
  location: { latitude: number; longitude: number } | null;
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Reads the org's calendar settings and its fields' centroids. Daylight at the fields' mean
 * position: a cooperative's fields lie within some tens of km, a minute or two of sunset.
 */
@Injectable()
export class WorkCalendarRepository {
  constructor(private readonly prisma: PrismaService) {}

  async read(organizationId: string): Promise<OrgCalendar> {
    const [org, centre] = await Promise.all([
      this.prisma.client.organization.findUnique({
        where: { id: organizationId },
        select: { maxDailyHours: true, workBreak: true },
      }),
      this.prisma.client.field.aggregate({
        where: { organizationId, deletedAt: null, latitude: { not: null }, longitude: { not: null } },
        _avg: { latitude: true, longitude: true },
      }),
    ]);
    const br = org?.workBreak ? /^(\d\d:\d\d)-(\d\d:\d\d)$/.exec(org.workBreak) : null;
    const lat = centre._avg.latitude;
    const lon = centre._avg.longitude;
    return {
      maxDailyHours: org?.maxDailyHours == null ? null : Number(org.maxDailyHours),
      workBreak:
        br && minutes(br[1]!) < minutes(br[2]!) ? { startMinute: minutes(br[1]!), endMinute: minutes(br[2]!) } : null,
      location: lat == null || lon == null ? null : { latitude: Number(lat), longitude: Number(lon) },
    };
  }
}

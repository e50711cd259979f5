import * as protobuf from 'protobufjs';
import { events_v1_pushes, events_v1_realtime } from '@cskh/proto';
import { declaredPush, loadPushDeclarations, pushDeclarationsOf, type PushType } from './push-declarations';
import { ALL_ROOM, clientRoom, realtimePushMessage, userRoom } from './realtime-push';

describe('what a service may push to browsers', () => {
  it('is what pushes.proto declares: each event once, with who may get it', () => {
    const byEvent = Object.fromEntries(loadPushDeclarations().map((d) => [d.event, d.audiences]));
    expect(byEvent).toEqual({
      showThongBao: ['user', 'client', 'all'],
      ordersChanged: ['all'],
      nhacNhanVien: ['user'],
      nhacNhanVienXong: ['user'],
      'mesbank.assigned': ['user'],
      scanProgress: ['user'],
      'payroll.recalculated': ['all'],
    });
  });

  it("refuses a user's push sent to everyone, and a push to a room of no audience", () => {
    const reminder = { result: 'success', data: { id: 'DH-1', phone_number: '0912345678', message: 'Đơn cần soạn ý' } };
    expect(() => declaredPush(events_v1_pushes.ReminderPushed, ALL_ROOM, reminder)).toThrow(/declared for user only/);
    expect(() => declaredPush(events_v1_pushes.ScanProgress, clientRoom('tab-1'), { FileName: 'a.xlsx' })).toThrow(
      /declared for user only/,
    );
    expect(() => declaredPush(events_v1_pushes.OrdersChanged, 'room-without-kind', { kind: 'mfy' })).toThrow(/declared for all only/);
    expect(declaredPush(events_v1_pushes.ReminderPushed, userRoom('nv_a'), reminder).event).toBe('nhacNhanVien');
  });

  it('refuses a message nobody declared as a push', () => {
    const notAPush = events_v1_realtime.SocketReply as unknown as PushType<unknown, object>;
    expect(() => declaredPush(notAPush, ALL_ROOM, {})).toThrow(/no \(cskh.api.push\) declares it/);
  });

  it('sends the declared fields only, each present: a field the declaration lacks never reaches a browser', () => {
    const payload = { kind: 'mfy', unmasked_phone: '0912345678' } as { kind: string };
    const { json } = declaredPush(events_v1_pushes.OrdersChanged, ALL_ROOM, payload);
    expect(JSON.parse(json)).toEqual({ kind: 'mfy', id: '' });
    // The bus message carries the same event and payload to the realtime tier.
    const msg = realtimePushMessage(ALL_ROOM, events_v1_pushes.OrdersChanged, payload, { eventId: 'e-1' });
    const push = events_v1_realtime.RealtimePush.decode(msg.value);
    expect([push.event, push.room, push.event_id, JSON.parse(push.payload_json)]).toEqual([
      'ordersChanged',
      'all',
      'e-1',
      { kind: 'mfy', id: '' },
    ]);
  });

  it('checks declarations: an event is required, audiences are known, an event is declared once', () => {
    const declare = (body: string) =>
      pushDeclarationsOf(
        protobuf.parse(`syntax = "proto3"; package cskh.api; ${body}`.replace(/\(push\)/g, '(cskh.api.push)'), { keepCase: true }).root,
      );
    expect(() => declare('message A { option (push) = { audiences: ["all"] }; }')).toThrow(/event is required/);
    expect(() => declare('message A { option (push) = { event: "a" audiences: ["room"] }; }')).toThrow(/audiences must be/);
    expect(() =>
      declare(
        'message A { option (push) = { event: "a" audiences: ["all"] }; } message B { option (push) = { event: "a" audiences: ["user"] }; }',
      ),
    ).toThrow(/already declared by cskh.api.A/);
  });
});

describe('the protos behind the declarations', () => {
  it('are parsed once per process: the pushes and the socket routes read one root', async () => {
    // Fresh modules, so that nothing this file loaded before has parsed them already.
    await jest.isolateModulesAsync(async () => {
      const pb = await import('protobufjs');
      const parses = jest.spyOn(pb.Root.prototype, 'loadSync');
      const { loadPushDeclarations: pushes } = await import('./push-declarations.js');
      const { loadSocketRoutes } = await import('./realtime-push.js');
      expect(pushes().map((d) => d.event)).toContain('scanProgress');
      expect(loadSocketRoutes().map((r) => r.event)).toContain('batDauQuetTHREAD1');
      expect(parses).toHaveBeenCalledTimes(1);
      parses.mockRestore();
    });
  });
});

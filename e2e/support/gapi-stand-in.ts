// A test-only stand-in for https://apis.google.com/js/api.js (gapi), which these machines cannot
// download. The Firebase SDK's popup sign-in and the Auth Emulator's helper iframe both load it:
// the SDK opens the emulator's iframe through gapi.iframes and talks to it (ping, webStorageSupport,
// authEvent); the iframe answers through getParentIframe(). Messages cross by postMessage.
// Served by Playwright's context.route (see google.spec.ts); never shipped with the site.
export const gapiStandIn = String.raw`
(function () {
  var MARK = '__gapiStandIn';
  var channels = [];

  function Channel(target, readyAtOnce) {
    var handlers = {};
    var waitingCalls = [];
    var pending = {};
    var outbox = [];
    var ready = readyAtOnce;
    var readyCallbacks = [];
    var seq = 0;

    function postNow(message) {
      message[MARK] = true;
      target().postMessage(message, '*');
    }
    function post(message) {
      if (ready) postNow(message);
      else outbox.push(message);
    }
    function answer(call) {
      var result;
      try {
        result = handlers[call.name](call.payload);
      } catch (e) {
        result = undefined;
      }
      postNow({ type: 'reply', id: call.id, responses: result === undefined ? [] : [result] });
    }
    function markReady() {
      if (ready) return;
      ready = true;
      outbox.splice(0).forEach(postNow);
      readyCallbacks.splice(0).forEach(function (cb) { cb(); });
    }
    function whenReady(cb) {
      if (ready) cb();
      else readyCallbacks.push(cb);
    }

    var api = {
      register: function (name, handler) {
        handlers[name] = handler;
        waitingCalls = waitingCalls.filter(function (call) {
          if (call.name !== name) return true;
          answer(call);
          return false;
        });
      },
      send: function (name, payload, callback) {
        var id = String(++seq) + ':' + Math.random().toString(36).slice(2);
        pending[id] = callback;
        post({ type: 'call', id: id, name: name, payload: payload });
      },
      restyle: function () { return Promise.resolve(); },
      ping: function (callback) {
        return new Promise(function (resolve) {
          whenReady(function () {
            try { if (callback) callback(); } catch (e) {}
            resolve();
          });
        });
      },
      receive: function (message) {
        if (message.type === 'ready') markReady();
        else if (message.type === 'call') {
          if (handlers[message.name]) answer(message);
          else waitingCalls.push(message);
        } else if (message.type === 'reply') {
          var callback = pending[message.id];
          delete pending[message.id];
          // gapi swallows what a callback throws; the SDK relies on that.
          try { if (callback) callback(message.responses); } catch (e) {}
        }
      },
    };
    return api;
  }

  window.addEventListener('message', function (event) {
    var data = event.data;
    if (!data || typeof data !== 'object' || !data[MARK]) return;
    channels.forEach(function (entry) {
      if (entry.source() === event.source) entry.channel.receive(data);
    });
  });

  function open(options, onOpen) {
    var frame = document.createElement('iframe');
    var attributes = options.attributes || {};
    Object.keys(attributes).forEach(function (key) {
      if (key === 'style') {
        Object.keys(attributes.style).forEach(function (prop) { frame.style[prop] = attributes.style[prop]; });
      } else {
        frame.setAttribute(key, attributes[key]);
      }
    });
    frame.src = options.url;
    var channel = Channel(function () { return frame.contentWindow; }, false);
    channels.push({ source: function () { return frame.contentWindow; }, channel: channel });
    (options.where || document.body).appendChild(frame);
    return Promise.resolve(onOpen ? onOpen(channel) : channel);
  }

  var parentChannel = null;
  function getParentIframe() {
    if (!parentChannel) {
      parentChannel = Channel(function () { return window.parent; }, true);
      channels.push({ source: function () { return window.parent; }, channel: parentChannel });
      window.parent.postMessage({ __gapiStandIn: true, type: 'ready' }, '*');
    }
    return parentChannel;
  }

  window.gapi = {
    load: function (name, options) {
      var callback = typeof options === 'function' ? options : options && options.callback;
      setTimeout(function () { if (callback) callback(); }, 0);
    },
    iframes: {
      CROSS_ORIGIN_IFRAMES_FILTER: function () { return true; },
      getContext: function () { return { open: open, getParentIframe: getParentIframe }; },
    },
  };

  var script = document.currentScript;
  var onload = script && script.src ? new URL(script.src).searchParams.get('onload') : null;
  setTimeout(function () {
    if (onload && typeof window[onload] === 'function') window[onload]();
    else if (typeof window.gapi_onload === 'function') window.gapi_onload();
  }, 0);
})();
`;

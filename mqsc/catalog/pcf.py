"""The MQ constants of programmable command formats (PCF) that event messages use: structure
types, parameter identifiers and the values of enumerated parameters, as IBM documents them
(IBM MQ, "Constants" (MQCA_*, MQIA_*, MQCACF_*, MQIACF_*, MQCACH_*, MQBACF_*, MQGACF_*,
MQCFT_*, MQCMD_*, MQEVO_*, MQRQ_*, MQOT_*...): the values of cmqc.h and cmqcfc.h), and how
MQSC attributes map to PCF parameters in configuration event data (IBM MQ, "Queue
attributes", "Process attributes"... of "Event message descriptions": "Object attributes").

One table serves both directions: the engine writes event messages with it
(mqsc/engine/messaging/pcf.py, events.py) and ``mqsc events`` reads them back into names.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

# ---- values --------------------------------------------------------------------------------
#: Every constant event messages use, by IBM's name (cmqc.h / cmqcfc.h values). Where IBM
#: has two names for one value of a family (MQAT_MVS, MQAT_ZOS) the first listed is the
#: name a decoder shows.
CONSTANTS: Mapping[str, int] = {
    # structure types (MQCFT_*) and lengths
    "MQCFT_COMMAND": 1,
    "MQCFT_RESPONSE": 2,
    "MQCFT_INTEGER": 3,
    "MQCFT_STRING": 4,
    "MQCFT_INTEGER_LIST": 5,
    "MQCFT_STRING_LIST": 6,
    "MQCFT_EVENT": 7,
    "MQCFT_BYTE_STRING": 9,
    "MQCFT_GROUP": 20,
    "MQCFT_INTEGER64": 23,
    "MQCFH_STRUC_LENGTH": 36,
    "MQCFIN_STRUC_LENGTH": 16,
    "MQCFST_STRUC_LENGTH_FIXED": 20,
    "MQCFBS_STRUC_LENGTH_FIXED": 16,
    "MQCFGR_STRUC_LENGTH": 16,
    "MQCFIL_STRUC_LENGTH_FIXED": 16,
    "MQCFSL_STRUC_LENGTH_FIXED": 24,
    "MQCFH_VERSION_1": 1,
    "MQCFH_VERSION_2": 2,
    "MQCFH_VERSION_3": 3,
    "MQCFC_NOT_LAST": 0,
    "MQCFC_LAST": 1,
    "MQCC_OK": 0,
    "MQCC_WARNING": 1,
    "MQCC_FAILED": 2,
    # event message categories (MQCFH Command)
    "MQCMD_CONFIG_EVENT": 43,
    "MQCMD_Q_MGR_EVENT": 44,
    "MQCMD_PERFM_EVENT": 45,
    "MQCMD_CHANNEL_EVENT": 46,
    "MQCMD_COMMAND_EVENT": 99,
    # the PCF command of an MQSC command (a command event's Command)
    "MQCMD_NONE": 0,
    "MQCMD_CHANGE_Q_MGR": 1,
    "MQCMD_INQUIRE_Q_MGR": 2,
    "MQCMD_CHANGE_PROCESS": 3,
    "MQCMD_CREATE_PROCESS": 5,
    "MQCMD_DELETE_PROCESS": 6,
    "MQCMD_INQUIRE_PROCESS": 7,
    "MQCMD_CHANGE_Q": 8,
    "MQCMD_CLEAR_Q": 9,
    "MQCMD_CREATE_Q": 11,
    "MQCMD_DELETE_Q": 12,
    "MQCMD_INQUIRE_Q": 13,
    "MQCMD_REFRESH_Q_MGR": 16,
    "MQCMD_RESET_Q_STATS": 17,
    "MQCMD_CHANGE_CHANNEL": 21,
    "MQCMD_CREATE_CHANNEL": 23,
    "MQCMD_DELETE_CHANNEL": 24,
    "MQCMD_INQUIRE_CHANNEL": 25,
    "MQCMD_PING_CHANNEL": 26,
    "MQCMD_RESET_CHANNEL": 27,
    "MQCMD_START_CHANNEL": 28,
    "MQCMD_STOP_CHANNEL": 29,
    "MQCMD_START_CHANNEL_INIT": 30,
    "MQCMD_START_CHANNEL_LISTENER": 31,
    "MQCMD_CHANGE_NAMELIST": 32,
    "MQCMD_CREATE_NAMELIST": 34,
    "MQCMD_DELETE_NAMELIST": 35,
    "MQCMD_INQUIRE_NAMELIST": 36,
    "MQCMD_RESOLVE_CHANNEL": 39,
    "MQCMD_INQUIRE_Q_STATUS": 41,
    "MQCMD_INQUIRE_CHANNEL_STATUS": 42,
    "MQCMD_REFRESH_SECURITY": 78,
    "MQCMD_CHANGE_AUTH_INFO": 79,
    "MQCMD_CREATE_AUTH_INFO": 81,
    "MQCMD_DELETE_AUTH_INFO": 82,
    "MQCMD_INQUIRE_AUTH_INFO": 83,
    "MQCMD_INQUIRE_CONNECTION": 85,
    "MQCMD_RESET_Q_MGR": 92,
    "MQCMD_CHANGE_SECURITY": 100,
    "MQCMD_CHANGE_CF_STRUC": 101,
    "MQCMD_CHANGE_STG_CLASS": 102,
    "MQCMD_CHANGE_TRACE": 103,
    "MQCMD_ARCHIVE_LOG": 104,
    "MQCMD_BACKUP_CF_STRUC": 105,
    "MQCMD_CREATE_BUFFER_POOL": 106,
    "MQCMD_CREATE_PAGE_SET": 107,
    "MQCMD_CREATE_CF_STRUC": 108,
    "MQCMD_CREATE_STG_CLASS": 109,
    "MQCMD_DELETE_CF_STRUC": 112,
    "MQCMD_DELETE_STG_CLASS": 113,
    "MQCMD_INQUIRE_ARCHIVE": 114,
    "MQCMD_INQUIRE_CF_STRUC": 115,
    "MQCMD_INQUIRE_CF_STRUC_STATUS": 116,
    "MQCMD_INQUIRE_CMD_SERVER": 117,
    "MQCMD_INQUIRE_CHANNEL_INIT": 118,
    "MQCMD_INQUIRE_QSG": 119,
    "MQCMD_INQUIRE_LOG": 120,
    "MQCMD_INQUIRE_SECURITY": 121,
    "MQCMD_INQUIRE_STG_CLASS": 122,
    "MQCMD_INQUIRE_SYSTEM": 123,
    "MQCMD_INQUIRE_THREAD": 124,
    "MQCMD_INQUIRE_TRACE": 125,
    "MQCMD_INQUIRE_USAGE": 126,
    "MQCMD_MOVE_Q": 127,
    "MQCMD_RECOVER_BSDS": 128,
    "MQCMD_RECOVER_CF_STRUC": 129,
    "MQCMD_RESOLVE_INDOUBT": 131,
    "MQCMD_RESUME_Q_MGR": 132,
    "MQCMD_SET_ARCHIVE": 134,
    "MQCMD_SET_LOG": 136,
    "MQCMD_SET_SYSTEM": 137,
    "MQCMD_START_CMD_SERVER": 138,
    "MQCMD_START_Q_MGR": 139,
    "MQCMD_START_TRACE": 140,
    "MQCMD_STOP_CHANNEL_INIT": 141,
    "MQCMD_STOP_CHANNEL_LISTENER": 142,
    "MQCMD_STOP_CMD_SERVER": 143,
    "MQCMD_STOP_Q_MGR": 144,
    "MQCMD_STOP_TRACE": 145,
    "MQCMD_SUSPEND_Q_MGR": 146,
    "MQCMD_DELETE_BUFFER_POOL": 157,
    "MQCMD_DELETE_PAGE_SET": 158,
    "MQCMD_CHANGE_BUFFER_POOL": 159,
    "MQCMD_CHANGE_PAGE_SET": 160,
    "MQCMD_CREATE_LOG": 162,
    "MQCMD_CHANGE_TOPIC": 170,
    "MQCMD_CREATE_TOPIC": 172,
    "MQCMD_DELETE_TOPIC": 173,
    "MQCMD_INQUIRE_TOPIC": 174,
    "MQCMD_INQUIRE_SUBSCRIPTION": 176,
    "MQCMD_CREATE_SUBSCRIPTION": 177,
    "MQCMD_CHANGE_SUBSCRIPTION": 178,
    "MQCMD_DELETE_SUBSCRIPTION": 179,
    "MQCMD_INQUIRE_SUB_STATUS": 182,
    "MQCMD_INQUIRE_TOPIC_STATUS": 183,
    "MQCMD_CLEAR_TOPIC_STRING": 184,
    "MQCMD_INQUIRE_PUBSUB_STATUS": 185,
    "MQCMD_SET_CHLAUTH_REC": 203,
    "MQCMD_INQUIRE_CHLAUTH_RECS": 204,
    # event origins, reason qualifiers
    "MQEVO_OTHER": 0,
    "MQEVO_CONSOLE": 1,
    "MQEVO_INIT": 2,
    "MQEVO_MSG": 3,
    "MQEVO_MQSET": 4,
    "MQEVO_INTERNAL": 5,
    "MQEVO_MQSUB": 6,
    "MQEVO_CTLMSG": 7,
    "MQEVO_REST": 8,
    "MQRQ_Q_MGR_STOPPING": 5,
    "MQRQ_Q_MGR_QUIESCING": 6,
    "MQRQ_CHANNEL_STOPPED_OK": 7,
    "MQRQ_CHANNEL_STOPPED_ERROR": 8,
    "MQRQ_CHANNEL_STOPPED_RETRY": 9,
    "MQRQ_CHANNEL_STOPPED_DISABLED": 10,
    # application types (MQAT_*): z/OS batch and TSO programs are MQAT_MVS
    "MQAT_NO_CONTEXT": 0,
    "MQAT_CICS": 1,
    "MQAT_MVS": 2,
    "MQAT_IMS": 3,
    "MQAT_QMGR": 7,
    "MQAT_CHANNEL_INITIATOR": 30,
    "MQAT_BATCH": 32,
    "MQAT_RRS_BATCH": 33,
    # object types
    "MQOT_Q": 1,
    "MQOT_NAMELIST": 2,
    "MQOT_PROCESS": 3,
    "MQOT_STORAGE_CLASS": 4,
    "MQOT_Q_MGR": 5,
    "MQOT_CHANNEL": 6,
    "MQOT_AUTH_INFO": 7,
    "MQOT_TOPIC": 8,
    "MQOT_CF_STRUC": 10,
    "MQOT_ALIAS_Q": 1002,
    "MQOT_MODEL_Q": 1003,
    "MQOT_LOCAL_Q": 1004,
    "MQOT_REMOTE_Q": 1005,
    # queue and object attribute values
    "MQQT_LOCAL": 1,
    "MQQT_MODEL": 2,
    "MQQT_ALIAS": 3,
    "MQQT_REMOTE": 6,
    "MQQA_PUT_ALLOWED": 0,
    "MQQA_PUT_INHIBITED": 1,
    "MQQA_GET_ALLOWED": 0,
    "MQQA_GET_INHIBITED": 1,
    "MQPER_NOT_PERSISTENT": 0,
    "MQPER_PERSISTENT": 1,
    "MQBND_BIND_ON_OPEN": 0,
    "MQBND_BIND_NOT_FIXED": 1,
    "MQBND_BIND_ON_GROUP": 2,
    "MQOO_INPUT_SHARED": 2,
    "MQOO_INPUT_EXCLUSIVE": 4,
    "MQQA_NOT_SHAREABLE": 0,
    "MQQA_SHAREABLE": 1,
    "MQQA_BACKOUT_NOT_HARDENED": 0,
    "MQQA_BACKOUT_HARDENED": 1,
    "MQMDS_PRIORITY": 0,
    "MQMDS_FIFO": 1,
    "MQIT_NONE": 0,
    "MQIT_MSG_ID": 1,
    "MQIT_CORREL_ID": 2,
    "MQIT_MSG_TOKEN": 4,
    "MQIT_GROUP_ID": 5,
    "MQUS_NORMAL": 0,
    "MQUS_TRANSMISSION": 1,
    "MQTC_OFF": 0,
    "MQTC_ON": 1,
    "MQTT_NONE": 0,
    "MQTT_FIRST": 1,
    "MQTT_EVERY": 2,
    "MQTT_DEPTH": 3,
    "MQEVR_DISABLED": 0,
    "MQEVR_ENABLED": 1,
    "MQEVR_EXCEPTION": 2,
    "MQEVR_NO_DISPLAY": 3,
    "MQQSIE_NONE": 0,
    "MQQSIE_HIGH": 1,
    "MQQSIE_OK": 2,
    "MQMON_OFF": 0,
    "MQMON_ON": 1,
    "MQMON_LOW": 17,
    "MQMON_MEDIUM": 33,
    "MQMON_HIGH": 65,
    "MQMON_Q_MGR": -3,
    "MQMON_NONE": -1,
    "MQCLWL_USEQ_LOCAL": 0,
    "MQCLWL_USEQ_ANY": 1,
    "MQCLWL_USEQ_AS_Q_MGR": -3,
    "MQPROP_COMPATIBILITY": 0,
    "MQPROP_NONE": 1,
    "MQPROP_ALL": 2,
    "MQPROP_FORCE_MQRFH2": 3,
    "MQPROP_V6COMPAT": 4,
    "MQPRT_RESPONSE_AS_PARENT": 0,
    "MQPRT_SYNC_RESPONSE": 1,
    "MQPRT_ASYNC_RESPONSE": 2,
    "MQREADA_NO": 0,
    "MQREADA_YES": 1,
    "MQREADA_DISABLED": 2,
    "MQQDT_PREDEFINED": 1,
    "MQQDT_PERMANENT_DYNAMIC": 2,
    "MQQDT_TEMPORARY_DYNAMIC": 3,
    "MQQDT_SHARED_DYNAMIC": 4,
    "MQQSGD_Q_MGR": 0,
    "MQQSGD_COPY": 1,
    "MQQSGD_SHARED": 2,
    "MQQSGD_GROUP": 3,
    "MQNPM_CLASS_NORMAL": 0,
    "MQNPM_CLASS_HIGH": 10,
    "MQSCO_Q_MGR": 1,
    "MQSCO_CELL": 2,
    "MQNT_NONE": 0,
    "MQNT_Q": 1,
    "MQNT_CLUSTER": 2,
    "MQNT_AUTH_INFO": 4,
    "MQCHT_SENDER": 1,
    "MQCHT_SERVER": 2,
    "MQCHT_RECEIVER": 3,
    "MQCHT_REQUESTER": 4,
    "MQCHT_CLNTCONN": 6,
    "MQCHT_SVRCONN": 7,
    "MQCHT_CLUSRCVR": 8,
    "MQCHT_CLUSSDR": 9,
    # Channel status and disposition (cmqcfc.h "Channel Status", "Channel Dispositions"; the
    # QCST of channel accounting carries them).
    "MQCHS_INACTIVE": 0,
    "MQCHS_BINDING": 1,
    "MQCHS_STARTING": 2,
    "MQCHS_RUNNING": 3,
    "MQCHS_STOPPING": 4,
    "MQCHS_RETRYING": 5,
    "MQCHS_STOPPED": 6,
    "MQCHS_REQUESTING": 7,
    "MQCHS_PAUSED": 8,
    "MQCHS_INITIALIZING": 13,
    "MQCHS_SWITCHING": 14,
    "MQCHLD_DEFAULT": 1,
    "MQCHLD_SHARED": 2,
    "MQCHLD_PRIVATE": 4,
    "MQCHLD_FIXSHARED": 5,
    "MQXPT_LU62": 1,
    "MQXPT_TCP": 2,
    "MQNPMS_NORMAL": 1,
    "MQNPMS_FAST": 2,
}


@dataclass(frozen=True, slots=True)
class Parameter:
    """One PCF parameter identifier: IBM's name, its structure (MQCFIN "integer", MQCFST
    "string", MQCFBS "bytes", MQCFGR "group", MQCFSL "strings"), the length of a string as
    the event data gives it (its MQ_*_LENGTH) and the prefix of the constants its integer
    values are named by (``MQEVO_`` for EventOrigin), if any."""

    id: int
    name: str
    kind: str
    length: int = 0
    values: str = ""


def _p(pid: int, name: str, kind: str, length: int = 0, values: str = "") -> Parameter:
    return Parameter(pid, name, kind, length, values)


#: The parameters event messages carry (IBM "Event message descriptions" and the object
#: attribute pages), by identifier. String lengths: MQ_Q_MGR_NAME_LENGTH and MQ_Q_NAME_LENGTH
#: 48, MQ_CHANNEL_NAME_LENGTH 20, MQ_CONN_NAME_LENGTH 264, MQ_USER_ID_LENGTH 12,
#: MQ_APPL_NAME_LENGTH 28, MQ_APPL_IDENTITY_DATA_LENGTH 32, MQ_APPL_ORIGIN_DATA_LENGTH 4.
PARAMETERS: Mapping[int, Parameter] = {
    p.id: p
    for p in (
        # integers (MQIA_*, MQIACF_*, MQIACH_*)
        _p(1, "MQIA_APPL_TYPE", "integer", values="MQAT_"),
        _p(4, "MQIA_DEF_INPUT_OPEN_OPTION", "integer", values="MQOO_"),
        _p(5, "MQIA_DEF_PERSISTENCE", "integer", values="MQPER_"),
        _p(6, "MQIA_DEF_PRIORITY", "integer"),
        _p(7, "MQIA_DEFINITION_TYPE", "integer", values="MQQDT_"),
        _p(8, "MQIA_HARDEN_GET_BACKOUT", "integer", values="MQQA_BACKOUT_"),
        _p(9, "MQIA_INHIBIT_GET", "integer", values="MQQA_GET_"),
        _p(10, "MQIA_INHIBIT_PUT", "integer", values="MQQA_PUT_"),
        _p(12, "MQIA_USAGE", "integer", values="MQUS_"),
        _p(13, "MQIA_MAX_MSG_LENGTH", "integer"),
        _p(15, "MQIA_MAX_Q_DEPTH", "integer"),
        _p(16, "MQIA_MSG_DELIVERY_SEQUENCE", "integer", values="MQMDS_"),
        _p(20, "MQIA_Q_TYPE", "integer", values="MQQT_"),
        _p(21, "MQIA_RETENTION_INTERVAL", "integer"),
        _p(22, "MQIA_BACKOUT_THRESHOLD", "integer"),
        _p(23, "MQIA_SHAREABILITY", "integer", values="MQQA_NOT_SHAREABLE|MQQA_SHAREABLE"),
        _p(24, "MQIA_TRIGGER_CONTROL", "integer", values="MQTC_"),
        _p(26, "MQIA_TRIGGER_MSG_PRIORITY", "integer"),
        _p(28, "MQIA_TRIGGER_TYPE", "integer", values="MQTT_"),
        _p(29, "MQIA_TRIGGER_DEPTH", "integer"),
        _p(34, "MQIA_DIST_LISTS", "integer"),
        _p(35, "MQIA_TIME_SINCE_RESET", "integer"),
        _p(36, "MQIA_HIGH_Q_DEPTH", "integer"),
        _p(37, "MQIA_MSG_ENQ_COUNT", "integer"),
        _p(38, "MQIA_MSG_DEQ_COUNT", "integer"),
        _p(40, "MQIA_Q_DEPTH_HIGH_LIMIT", "integer"),
        _p(41, "MQIA_Q_DEPTH_LOW_LIMIT", "integer"),
        _p(42, "MQIA_Q_DEPTH_MAX_EVENT", "integer", values="MQEVR_"),
        _p(43, "MQIA_Q_DEPTH_HIGH_EVENT", "integer", values="MQEVR_"),
        _p(44, "MQIA_Q_DEPTH_LOW_EVENT", "integer", values="MQEVR_"),
        _p(45, "MQIA_SCOPE", "integer", values="MQSCO_"),
        _p(46, "MQIA_Q_SERVICE_INTERVAL_EVENT", "integer", values="MQQSIE_"),
        _p(54, "MQIA_Q_SERVICE_INTERVAL", "integer"),
        _p(57, "MQIA_INDEX_TYPE", "integer", values="MQIT_"),
        _p(61, "MQIA_DEF_BIND", "integer", values="MQBND_"),
        _p(62, "MQIA_PAGESET_ID", "integer"),
        _p(63, "MQIA_QSG_DISP", "integer", values="MQQSGD_"),
        _p(47, "MQIA_AUTHORITY_EVENT", "integer", values="MQEVR_"),
        _p(48, "MQIA_INHIBIT_EVENT", "integer", values="MQEVR_"),
        _p(49, "MQIA_LOCAL_EVENT", "integer", values="MQEVR_"),
        _p(50, "MQIA_REMOTE_EVENT", "integer", values="MQEVR_"),
        _p(51, "MQIA_CONFIGURATION_EVENT", "integer", values="MQEVR_"),
        _p(52, "MQIA_START_STOP_EVENT", "integer", values="MQEVR_"),
        _p(53, "MQIA_PERFORMANCE_EVENT", "integer", values="MQEVR_"),
        _p(72, "MQIA_NAMELIST_TYPE", "integer", values="MQNT_"),
        _p(73, "MQIA_CHANNEL_EVENT", "integer", values="MQEVR_"),
        _p(74, "MQIA_BRIDGE_EVENT", "integer", values="MQEVR_"),
        _p(75, "MQIA_SSL_EVENT", "integer", values="MQEVR_"),
        _p(78, "MQIA_NPM_CLASS", "integer", values="MQNPM_CLASS_"),
        _p(95, "MQIA_CLWL_Q_RANK", "integer"),
        _p(96, "MQIA_CLWL_Q_PRIORITY", "integer"),
        _p(98, "MQIA_CLWL_USEQ", "integer", values="MQCLWL_USEQ_"),
        _p(123, "MQIA_MONITORING_Q", "integer", values="MQMON_"),
        _p(128, "MQIA_STATISTICS_Q", "integer", values="MQMON_"),
        _p(134, "MQIA_ACCOUNTING_Q", "integer", values="MQMON_"),
        _p(184, "MQIA_DEF_PUT_RESPONSE_TYPE", "integer", values="MQPRT_"),
        _p(188, "MQIA_DEF_READ_AHEAD", "integer", values="MQREADA_"),
        _p(190, "MQIA_PROPERTY_CONTROL", "integer", values="MQPROP_"),
        _p(272, "MQIA_MEDIA_IMAGE_RECOVER_Q", "integer"),
        _p(274, "MQIA_MAX_Q_FILE_SIZE", "integer"),
        _p(276, "MQIA_CAP_EXPIRY", "integer"),
        _p(99, "MQIA_COMMAND_EVENT", "integer", values="MQEVR_"),
        _p(2, "MQIA_CODED_CHAR_SET_ID", "integer"),
        _p(1010, "MQIACF_EVENT_APPL_TYPE", "integer", values="MQAT_"),
        _p(1011, "MQIACF_EVENT_ORIGIN", "integer", values="MQEVO_"),
        _p(1013, "MQIACF_ERROR_IDENTIFIER", "integer"),
        _p(1016, "MQIACF_OBJECT_TYPE", "integer", values="MQOT_"),
        _p(1020, "MQIACF_REASON_QUALIFIER", "integer", values="MQRQ_"),
        _p(1021, "MQIACF_COMMAND", "integer", values="MQCMD_"),
        _p(1070, "MQIACF_AUX_ERROR_DATA_INT_1", "integer"),
        _p(1071, "MQIACF_AUX_ERROR_DATA_INT_2", "integer"),
        # strings (MQCA_*, MQCACF_*, MQCACH_*)
        _p(2001, "MQCA_APPL_ID", "string", 256),
        _p(2002, "MQCA_BASE_Q_NAME", "string", 48),
        _p(2006, "MQCA_DEAD_LETTER_Q_NAME", "string", 48),
        _p(2007, "MQCA_ENV_DATA", "string", 128),
        _p(2008, "MQCA_INITIATION_Q_NAME", "string", 48),
        _p(2009, "MQCA_NAMELIST_DESC", "string", 64),
        _p(2010, "MQCA_NAMELIST_NAME", "string", 48),
        _p(2011, "MQCA_PROCESS_DESC", "string", 64),
        _p(2012, "MQCA_PROCESS_NAME", "string", 48),
        _p(2013, "MQCA_Q_DESC", "string", 64),
        _p(2014, "MQCA_Q_MGR_DESC", "string", 64),
        _p(2015, "MQCA_Q_MGR_NAME", "string", 48),
        _p(2016, "MQCA_Q_NAME", "string", 48),
        _p(2017, "MQCA_REMOTE_Q_MGR_NAME", "string", 48),
        _p(2018, "MQCA_REMOTE_Q_NAME", "string", 48),
        _p(2019, "MQCA_BACKOUT_REQ_Q_NAME", "string", 48),
        _p(2020, "MQCA_NAMES", "strings", 48),
        _p(2021, "MQCA_USER_DATA", "string", 128),
        _p(2022, "MQCA_STORAGE_CLASS", "string", 8),
        _p(2023, "MQCA_TRIGGER_DATA", "string", 64),
        _p(2024, "MQCA_XMIT_Q_NAME", "string", 48),
        _p(2025, "MQCA_DEF_XMIT_Q_NAME", "string", 48),
        _p(2027, "MQCA_ALTERATION_DATE", "string", 12),
        _p(2028, "MQCA_ALTERATION_TIME", "string", 8),
        _p(2029, "MQCA_CLUSTER_NAME", "string", 48),
        _p(2030, "MQCA_CLUSTER_NAMELIST", "string", 48),
        _p(2039, "MQCA_CF_STRUC_NAME", "string", 12),
        _p(2042, "MQCA_STORAGE_CLASS_DESC", "string", 64),
        _p(2043, "MQCA_XCF_GROUP_NAME", "string", 8),
        _p(2044, "MQCA_XCF_MEMBER_NAME", "string", 16),
        _p(2086, "MQCA_PASS_TICKET_APPL", "string", 8),
        _p(2119, "MQCA_CUSTOM", "string", 128),
        _p(2124, "MQCA_CLUS_CHL_NAME", "string", 48),
        _p(2138, "MQCA_STREAM_QUEUE_NAME", "string", 48),
        _p(3023, "MQCACF_OBJECT_Q_MGR_NAME", "string", 48),
        _p(3024, "MQCACF_APPL_NAME", "string", 28),
        _p(3026, "MQCACF_AUX_ERROR_DATA_STR_1", "string", 4),
        _p(3027, "MQCACF_AUX_ERROR_DATA_STR_2", "string", 4),
        _p(3028, "MQCACF_AUX_ERROR_DATA_STR_3", "string", 4),
        _p(3045, "MQCACF_EVENT_USER_ID", "string", 12),
        _p(3047, "MQCACF_EVENT_Q_MGR", "string", 48),
        _p(3049, "MQCACF_EVENT_APPL_IDENTITY", "string", 32),
        _p(3050, "MQCACF_EVENT_APPL_NAME", "string", 28),
        _p(3051, "MQCACF_EVENT_APPL_ORIGIN", "string", 4),
        _p(3075, "MQCACF_COMMAND_MQSC", "string", 0),
        _p(1501, "MQIACH_XMIT_PROTOCOL_TYPE", "integer", values="MQXPT_"),
        _p(1502, "MQIACH_BATCH_SIZE", "integer"),
        _p(1503, "MQIACH_DISC_INTERVAL", "integer"),
        _p(1504, "MQIACH_SHORT_TIMER", "integer"),
        _p(1505, "MQIACH_SHORT_RETRY", "integer"),
        _p(1506, "MQIACH_LONG_TIMER", "integer"),
        _p(1507, "MQIACH_LONG_RETRY", "integer"),
        _p(1510, "MQIACH_MAX_MSG_LENGTH", "integer"),
        _p(1511, "MQIACH_CHANNEL_TYPE", "integer", values="MQCHT_"),
        _p(1562, "MQIACH_NPM_SPEED", "integer", values="MQNPMS_"),
        _p(1563, "MQIACH_HB_INTERVAL", "integer"),
        _p(1564, "MQIACH_BATCH_INTERVAL", "integer"),
        _p(3501, "MQCACH_CHANNEL_NAME", "string", 20),
        _p(3502, "MQCACH_DESC", "string", 64),
        _p(3505, "MQCACH_XMIT_Q_NAME", "string", 48),
        _p(3506, "MQCACH_CONNECTION_NAME", "string", 264),
        _p(3527, "MQCACH_MCA_USER_ID", "string", 12),
        # byte strings (MQBACF_*), groups (MQGACF_*)
        _p(7001, "MQBACF_EVENT_ACCOUNTING_TOKEN", "bytes", 32),
        _p(8001, "MQGACF_COMMAND_CONTEXT", "group"),
        _p(8002, "MQGACF_COMMAND_DATA", "group"),
    )
}
#: Parameter identifier by IBM's name.
PARAMETER_IDS: Mapping[str, int] = {p.name: p.id for p in PARAMETERS.values()}
#: MQCA_BASE_OBJECT_NAME is IBM's other name of 2002 (MQCA_BASE_Q_NAME).
PARAMETER_ALIASES: Mapping[str, int] = {"MQCA_BASE_OBJECT_NAME": 2002}

#: The structure types a decoder knows, by value.
STRUCTURES: Mapping[int, str] = {
    CONSTANTS[n]: n
    for n in (
        "MQCFT_INTEGER",
        "MQCFT_STRING",
        "MQCFT_INTEGER_LIST",
        "MQCFT_STRING_LIST",
        "MQCFT_BYTE_STRING",
        "MQCFT_GROUP",
        "MQCFT_INTEGER64",
    )
}


def pid(name: str) -> int:
    """The identifier of parameter ``name``.

    >>> pid("MQCA_Q_MGR_NAME"), pid("MQCA_BASE_OBJECT_NAME")
    (2015, 2002)
    """
    return PARAMETER_IDS.get(name) or PARAMETER_ALIASES[name]


def value_name(prefix: str, value: int) -> str:
    """The constant of family ``prefix`` (a name prefix, or names joined by ``|``) with
    ``value`` (the first listed), or the number.

    >>> value_name("MQEVO_", 1), value_name("MQAT_", 2), value_name("MQEVO_", 99)
    ('MQEVO_CONSOLE', 'MQAT_MVS', '99')
    """
    return _by_value().get((prefix, value), str(value))


@cache
def _by_value() -> dict[tuple[str, int], str]:
    # Built when an event is first decoded (mqsc events, the web console), not at import:
    # every command-line start (S1's too) imports this table, and the pass is 9,000 tests.
    found: dict[tuple[str, int], str] = {}
    prefixes = {p.values for p in PARAMETERS.values() if p.values} | {"MQCMD_", "MQCFT_", "MQCC_"}
    for name, value in CONSTANTS.items():
        for prefix in prefixes:
            if name.startswith(prefix) or name in prefix.split("|"):
                found.setdefault((prefix, value), name)
    return found


# ---- MQSC attributes as PCF parameters (configuration event data) -------------------------
@dataclass(frozen=True, slots=True)
class Attribute:
    """How one MQSC attribute appears in configuration event data: its PCF parameter and,
    for an enumerated one, the constant of each MQSC value (``{"YES": "MQPER_PERSISTENT"}``;
    ``()`` keeps the value as it is: a number or a text)."""

    parameter: str
    values: Mapping[str, str] | None = None


def _a(parameter: str, **values: str) -> Attribute:
    return Attribute(parameter, values or None)


_EV = {"ENABLED": "MQEVR_ENABLED", "DISABLED": "MQEVR_DISABLED"}
_MON = {
    "QMGR": "MQMON_Q_MGR",
    "OFF": "MQMON_OFF",
    "ON": "MQMON_ON",
    "NONE": "MQMON_NONE",
    "LOW": "MQMON_LOW",
    "MEDIUM": "MQMON_MEDIUM",
    "HIGH": "MQMON_HIGH",
}
_QSGDISP = {
    "QMGR": "MQQSGD_Q_MGR",
    "COPY": "MQQSGD_COPY",
    "SHARED": "MQQSGD_SHARED",
    "GROUP": "MQQSGD_GROUP",
}
#: The attributes every queue type shares (IBM "Queue attributes" of the configuration event
#: data: "Only those attributes that apply to the type of queue in question are included").
_QUEUE: dict[str, Attribute] = {
    "DESCR": _a("MQCA_Q_DESC"),
    "PUT": Attribute(
        "MQIA_INHIBIT_PUT", {"ENABLED": "MQQA_PUT_ALLOWED", "DISABLED": "MQQA_PUT_INHIBITED"}
    ),
    "GET": Attribute(
        "MQIA_INHIBIT_GET", {"ENABLED": "MQQA_GET_ALLOWED", "DISABLED": "MQQA_GET_INHIBITED"}
    ),
    "DEFPRTY": _a("MQIA_DEF_PRIORITY"),
    "DEFPSIST": Attribute(
        "MQIA_DEF_PERSISTENCE", {"YES": "MQPER_PERSISTENT", "NO": "MQPER_NOT_PERSISTENT"}
    ),
    "DEFPRESP": Attribute(
        "MQIA_DEF_PUT_RESPONSE_TYPE",
        {"SYNC": "MQPRT_SYNC_RESPONSE", "ASYNC": "MQPRT_ASYNC_RESPONSE"},
    ),
    "DEFREADA": Attribute(
        "MQIA_DEF_READ_AHEAD",
        {"NO": "MQREADA_NO", "YES": "MQREADA_YES", "DISABLED": "MQREADA_DISABLED"},
    ),
    "DEFBIND": Attribute(
        "MQIA_DEF_BIND",
        {
            "OPEN": "MQBND_BIND_ON_OPEN",
            "NOTFIXED": "MQBND_BIND_NOT_FIXED",
            "GROUP": "MQBND_BIND_ON_GROUP",
        },
    ),
    "DEFSOPT": Attribute(
        "MQIA_DEF_INPUT_OPEN_OPTION",
        {"SHARED": "MQOO_INPUT_SHARED", "EXCL": "MQOO_INPUT_EXCLUSIVE"},
    ),
    "SHARE": Attribute("MQIA_SHAREABILITY", {"YES": "MQQA_SHAREABLE", "NO": "MQQA_NOT_SHAREABLE"}),
    "HARDENBO": Attribute(
        "MQIA_HARDEN_GET_BACKOUT",
        {"YES": "MQQA_BACKOUT_HARDENED", "NO": "MQQA_BACKOUT_NOT_HARDENED"},
    ),
    "MSGDLVSQ": Attribute(
        "MQIA_MSG_DELIVERY_SEQUENCE", {"PRIORITY": "MQMDS_PRIORITY", "FIFO": "MQMDS_FIFO"}
    ),
    "MAXDEPTH": _a("MQIA_MAX_Q_DEPTH"),
    "MAXMSGL": _a("MQIA_MAX_MSG_LENGTH"),
    "RETINTVL": _a("MQIA_RETENTION_INTERVAL"),
    "BOQNAME": _a("MQCA_BACKOUT_REQ_Q_NAME"),
    "BOTHRESH": _a("MQIA_BACKOUT_THRESHOLD"),
    "INDXTYPE": Attribute(
        "MQIA_INDEX_TYPE",
        {
            "NONE": "MQIT_NONE",
            "MSGID": "MQIT_MSG_ID",
            "CORRELID": "MQIT_CORREL_ID",
            "MSGTOKEN": "MQIT_MSG_TOKEN",
            "GROUPID": "MQIT_GROUP_ID",
        },
    ),
    "USAGE": Attribute("MQIA_USAGE", {"NORMAL": "MQUS_NORMAL", "XMITQ": "MQUS_TRANSMISSION"}),
    "TRIGGER": Attribute("MQIA_TRIGGER_CONTROL", {"YES": "MQTC_ON", "NO": "MQTC_OFF"}),
    "TRIGTYPE": Attribute(
        "MQIA_TRIGGER_TYPE",
        {"NONE": "MQTT_NONE", "FIRST": "MQTT_FIRST", "EVERY": "MQTT_EVERY", "DEPTH": "MQTT_DEPTH"},
    ),
    "TRIGDPTH": _a("MQIA_TRIGGER_DEPTH"),
    "TRIGMPRI": _a("MQIA_TRIGGER_MSG_PRIORITY"),
    "TRIGDATA": _a("MQCA_TRIGGER_DATA"),
    "INITQ": _a("MQCA_INITIATION_Q_NAME"),
    "PROCESS": _a("MQCA_PROCESS_NAME"),
    "QDEPTHHI": _a("MQIA_Q_DEPTH_HIGH_LIMIT"),
    "QDEPTHLO": _a("MQIA_Q_DEPTH_LOW_LIMIT"),
    "QDPHIEV": Attribute("MQIA_Q_DEPTH_HIGH_EVENT", _EV),
    "QDPLOEV": Attribute("MQIA_Q_DEPTH_LOW_EVENT", _EV),
    "QDPMAXEV": Attribute("MQIA_Q_DEPTH_MAX_EVENT", _EV),
    "QSVCIEV": Attribute(
        "MQIA_Q_SERVICE_INTERVAL_EVENT",
        {"NONE": "MQQSIE_NONE", "HIGH": "MQQSIE_HIGH", "OK": "MQQSIE_OK"},
    ),
    "QSVCINT": _a("MQIA_Q_SERVICE_INTERVAL"),
    "ACCTQ": Attribute("MQIA_ACCOUNTING_Q", _MON),
    "MONQ": Attribute("MQIA_MONITORING_Q", _MON),
    "STATQ": Attribute("MQIA_STATISTICS_Q", _MON),
    "STGCLASS": _a("MQCA_STORAGE_CLASS"),
    "CFSTRUCT": _a("MQCA_CF_STRUC_NAME"),
    "CLUSTER": _a("MQCA_CLUSTER_NAME"),
    "CLUSNL": _a("MQCA_CLUSTER_NAMELIST"),
    "CLCHNAME": _a("MQCA_CLUS_CHL_NAME"),
    "CLWLPRTY": _a("MQIA_CLWL_Q_PRIORITY"),
    "CLWLRANK": _a("MQIA_CLWL_Q_RANK"),
    "CLWLUSEQ": Attribute(
        "MQIA_CLWL_USEQ",
        {"LOCAL": "MQCLWL_USEQ_LOCAL", "ANY": "MQCLWL_USEQ_ANY", "QMGR": "MQCLWL_USEQ_AS_Q_MGR"},
    ),
    "PROPCTL": Attribute(
        "MQIA_PROPERTY_CONTROL",
        {
            "COMPAT": "MQPROP_COMPATIBILITY",
            "NONE": "MQPROP_NONE",
            "ALL": "MQPROP_ALL",
            "FORCE": "MQPROP_FORCE_MQRFH2",
            "V6COMPAT": "MQPROP_V6COMPAT",
        },
    ),
    "STREAMQ": _a("MQCA_STREAM_QUEUE_NAME"),
    "CUSTOM": _a("MQCA_CUSTOM"),
    "NPMCLASS": Attribute(
        "MQIA_NPM_CLASS", {"NORMAL": "MQNPM_CLASS_NORMAL", "HIGH": "MQNPM_CLASS_HIGH"}
    ),
    "SCOPE": Attribute("MQIA_SCOPE", {"QMGR": "MQSCO_Q_MGR", "CELL": "MQSCO_CELL"}),
    "DEFTYPE": Attribute(
        "MQIA_DEFINITION_TYPE",
        {
            "PREDEFINED": "MQQDT_PREDEFINED",
            "PERMDYN": "MQQDT_PERMANENT_DYNAMIC",
            "TEMPDYN": "MQQDT_TEMPORARY_DYNAMIC",
            "SHAREDYN": "MQQDT_SHARED_DYNAMIC",
        },
    ),
    "TARGET": _a("MQCA_BASE_Q_NAME"),
    "RNAME": _a("MQCA_REMOTE_Q_NAME"),
    "RQMNAME": _a("MQCA_REMOTE_Q_MGR_NAME"),
    "XMITQ": _a("MQCA_XMIT_Q_NAME"),
    "QSGDISP": Attribute("MQIA_QSG_DISP", _QSGDISP),
}
_CHTYPES = {
    "SDR": "MQCHT_SENDER",
    "SVR": "MQCHT_SERVER",
    "RCVR": "MQCHT_RECEIVER",
    "RQSTR": "MQCHT_REQUESTER",
    "CLNTCONN": "MQCHT_CLNTCONN",
    "SVRCONN": "MQCHT_SVRCONN",
    "CLUSRCVR": "MQCHT_CLUSRCVR",
    "CLUSSDR": "MQCHT_CLUSSDR",
}
#: Each object type's attributes in configuration events: its name parameter first, then
#: the MQSC attributes mqsc maps (an attribute not listed is left out of the event data).
OBJECTS: Mapping[str, tuple[str, str, Mapping[str, Attribute]]] = {
    # table: (MQOT_* object type, name parameter, attributes)
    "qlocal": ("MQOT_Q", "MQCA_Q_NAME", _QUEUE),
    "qalias": ("MQOT_Q", "MQCA_Q_NAME", _QUEUE),
    "qremote": ("MQOT_Q", "MQCA_Q_NAME", _QUEUE),
    "qmodel": ("MQOT_Q", "MQCA_Q_NAME", _QUEUE),
    "process": (
        "MQOT_PROCESS",
        "MQCA_PROCESS_NAME",
        {
            "DESCR": _a("MQCA_PROCESS_DESC"),
            "APPLTYPE": Attribute(
                "MQIA_APPL_TYPE",
                {
                    "CICS": "MQAT_CICS",
                    "IMS": "MQAT_IMS",
                    "MVS": "MQAT_MVS",
                    "BATCH": "MQAT_BATCH",
                    "RRSBATCH": "MQAT_RRS_BATCH",
                },
            ),
            "APPLICID": _a("MQCA_APPL_ID"),
            "ENVRDATA": _a("MQCA_ENV_DATA"),
            "USERDATA": _a("MQCA_USER_DATA"),
            "QSGDISP": Attribute("MQIA_QSG_DISP", _QSGDISP),
        },
    ),
    "namelist": (
        "MQOT_NAMELIST",
        "MQCA_NAMELIST_NAME",
        {
            "DESCR": _a("MQCA_NAMELIST_DESC"),
            "NLTYPE": Attribute(
                "MQIA_NAMELIST_TYPE",
                {
                    "NONE": "MQNT_NONE",
                    "QUEUE": "MQNT_Q",
                    "Q": "MQNT_Q",
                    "CLUSTER": "MQNT_CLUSTER",
                    "AUTHINFO": "MQNT_AUTH_INFO",
                },
            ),
            "NAMES": _a("MQCA_NAMES"),
            "QSGDISP": Attribute("MQIA_QSG_DISP", _QSGDISP),
        },
    ),
    "stgclass": (
        "MQOT_STORAGE_CLASS",
        "MQCA_STORAGE_CLASS",
        {
            "DESCR": _a("MQCA_STORAGE_CLASS_DESC"),
            "PSID": _a("MQIA_PAGESET_ID"),
            "PASSTKTA": _a("MQCA_PASS_TICKET_APPL"),
            "XCFGNAME": _a("MQCA_XCF_GROUP_NAME"),
            "XCFMNAME": _a("MQCA_XCF_MEMBER_NAME"),
            "QSGDISP": Attribute("MQIA_QSG_DISP", _QSGDISP),
        },
    ),
    "channel": (
        "MQOT_CHANNEL",
        "MQCACH_CHANNEL_NAME",
        {
            "CHLTYPE": Attribute("MQIACH_CHANNEL_TYPE", _CHTYPES),
            "TRPTYPE": Attribute(
                "MQIACH_XMIT_PROTOCOL_TYPE", {"TCP": "MQXPT_TCP", "LU62": "MQXPT_LU62"}
            ),
            "DESCR": _a("MQCACH_DESC"),
            "CONNAME": _a("MQCACH_CONNECTION_NAME"),
            "XMITQ": _a("MQCACH_XMIT_Q_NAME"),
            "MCAUSER": _a("MQCACH_MCA_USER_ID"),
            "BATCHSZ": _a("MQIACH_BATCH_SIZE"),
            "BATCHINT": _a("MQIACH_BATCH_INTERVAL"),
            "DISCINT": _a("MQIACH_DISC_INTERVAL"),
            "HBINT": _a("MQIACH_HB_INTERVAL"),
            "SHORTRTY": _a("MQIACH_SHORT_RETRY"),
            "SHORTTMR": _a("MQIACH_SHORT_TIMER"),
            "LONGRTY": _a("MQIACH_LONG_RETRY"),
            "LONGTMR": _a("MQIACH_LONG_TIMER"),
            "MAXMSGL": _a("MQIACH_MAX_MSG_LENGTH"),
            "NPMSPEED": Attribute(
                "MQIACH_NPM_SPEED", {"FAST": "MQNPMS_FAST", "NORMAL": "MQNPMS_NORMAL"}
            ),
            "QSGDISP": Attribute("MQIA_QSG_DISP", _QSGDISP),
        },
    ),
    "qmgr": (
        "MQOT_Q_MGR",
        "MQCA_Q_MGR_NAME",
        {
            "DESCR": _a("MQCA_Q_MGR_DESC"),
            "CCSID": _a("MQIA_CODED_CHAR_SET_ID"),
            "DEADQ": _a("MQCA_DEAD_LETTER_Q_NAME"),
            "DEFXMITQ": _a("MQCA_DEF_XMIT_Q_NAME"),
            "AUTHOREV": Attribute("MQIA_AUTHORITY_EVENT", _EV),
            "BRIDGEEV": Attribute("MQIA_BRIDGE_EVENT", _EV),
            "CHLEV": Attribute("MQIA_CHANNEL_EVENT", {**_EV, "EXCEPTION": "MQEVR_EXCEPTION"}),
            "CMDEV": Attribute("MQIA_COMMAND_EVENT", {**_EV, "NODISPLAY": "MQEVR_NO_DISPLAY"}),
            "CONFIGEV": Attribute("MQIA_CONFIGURATION_EVENT", _EV),
            "INHIBTEV": Attribute("MQIA_INHIBIT_EVENT", _EV),
            "LOCALEV": Attribute("MQIA_LOCAL_EVENT", _EV),
            "PERFMEV": Attribute("MQIA_PERFORMANCE_EVENT", _EV),
            "REMOTEEV": Attribute("MQIA_REMOTE_EVENT", _EV),
            "SSLEV": Attribute("MQIA_SSL_EVENT", _EV),
            "STRSTPEV": Attribute("MQIA_START_STOP_EVENT", _EV),
        },
    ),
}
#: MQQT_* of each queue table (a queue's QType in its configuration events).
QUEUE_TYPES: Mapping[str, str] = {
    "qlocal": "MQQT_LOCAL",
    "qalias": "MQQT_ALIAS",
    "qremote": "MQQT_REMOTE",
    "qmodel": "MQQT_MODEL",
}

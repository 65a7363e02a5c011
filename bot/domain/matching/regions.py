"""Known trade routes: the region of each place name the parser emits, for the place fit
(scoring.place_fit: a place in the same region counts as a route merchants use)."""

from __future__ import annotations

from collections.abc import Mapping

# Places that trade with each other routinely count as a "known route". Keys are the
# normalised (simplified, lower-case) place names the parser emits.
REGIONS: Mapping[str, str] = {
    **dict.fromkeys(
        (
            "义乌",
            "金华",
            "杭州",
            "宁波",
            "温州",
            "台州",
            "绍兴",
            "湖州",
            "嘉兴",
            "永康",
            "上海",
            "苏州",
            "无锡",
            "常州",
            "南通",
            "南京",
            "昆山",
            "yiwu",
            "hangzhou",
            "ningbo",
            "shanghai",
            "suzhou",
            "nanjing",
        ),
        "yangtze_delta",
    ),
    **dict.fromkeys(
        (
            "广州",
            "深圳",
            "东莞",
            "佛山",
            "中山",
            "珠海",
            "惠州",
            "汕头",
            "潮州",
            "江门",
            "香港",
            "澳门",
            "guangzhou",
            "shenzhen",
            "dongguan",
            "foshan",
            "hong kong",
            "hongkong",
            "macau",
        ),
        "pearl_delta",
    ),
    **dict.fromkeys(
        (
            "厦门",
            "泉州",
            "福州",
            "晋江",
            "莆田",
            "台北",
            "台中",
            "高雄",
            "新北",
            "xiamen",
            "quanzhou",
            "taipei",
            "taichung",
            "kaohsiung",
        ),
        "strait",
    ),
    **dict.fromkeys(
        (
            "北京",
            "天津",
            "青岛",
            "济南",
            "临沂",
            "石家庄",
            "保定",
            "beijing",
            "tianjin",
            "qingdao",
        ),
        "north",
    ),
}
